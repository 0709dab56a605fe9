import { Alert, Anchor, Button, Card, Group, Stack, Text } from "@mantine/core";
import type { HostResourceDetail } from "@serene/contract";
import { Link, useNavigate } from "react-router";
import { refreshHostContent, updateHostContent, useHostStats } from "./api";
import { HostContentForm, type HostContentFields } from "./host-content-form";
import { HostFigures } from "./host-figures";
import { LAST_FEEDBACK, ReviewBadge } from "./review-badge";
import { ReviewHistory } from "./review-history";
import { WithdrawButton } from "./withdraw-button";
import { PageHeading } from "../shared/page-heading";
import { notifySuccess } from "../../../lib/notify";

export function HostItem({ item }: { item: HostResourceDetail }) {
  const navigate = useNavigate();
  const changeable = item.reviewState !== "published";
  const save = async ({ image, resourceUrl, transcript, ...fields }: HostContentFields) => {
    await updateHostContent(item._id, {
      ...fields,
      ...(image && { image }),
      ...(resourceUrl && { resourceUrl }),
      ...(transcript !== undefined && { transcript }),
    });
    notifySuccess(item.reviewState === "declined" ? "Sent for review again." : "Saved.");
    await refreshHostContent();
  };
  return (
    <Stack gap="md" maw={720}>
      <PageHeading
        title={item.title}
        intro={
          <Anchor component={Link} to="/listen/host" underline="always">
            My content
          </Anchor>
        }
        action={
          <Group gap="xs">
            <ReviewBadge state={item.reviewState} />
            {item.reviewState === "pending" && (
              <WithdrawButton
                item={item}
                onWithdrawn={() => void navigate("/listen/host", { replace: true })}
              />
            )}
          </Group>
        }
      />
      <Decision item={item} />
      {changeable ? (
        <Card withBorder radius="lg" padding="lg">
          <HostContentForm
            key={item.reviewState}
            current={item}
            submitLabel={item.reviewState === "declined" ? "Save and resubmit" : "Save"}
            onSave={save}
          />
        </Card>
      ) : (
        <Group>
          <Button component={Link} to={`/listen/content/${encodeURIComponent(item._id)}`} variant="light">
            Open in Serene
          </Button>
        </Group>
      )}
      <ReviewHistory history={item.history} />
    </Stack>
  );
}

/** The review's decision and the reviewer's feedback, in full; a published item's figures. */
function Decision({ item }: { item: HostResourceDetail }) {
  const stats = useHostStats(item._id, item.reviewState === "published");
  const feedback = item.feedback && (
    <Text size="sm" style={{ whiteSpace: "pre-wrap" }} data-testid="host-feedback">
      {item.feedback}
    </Text>
  );
  if (item.reviewState === "declined")
    return (
      <Alert color="red" variant="light" title="Declined: the reviewer's feedback">
        <Stack gap="xs">
          {feedback ?? <Text size="sm">No feedback was given.</Text>}
          <Text size="sm">Change what was asked and save: it goes back for review.</Text>
        </Stack>
      </Alert>
    );
  if (item.reviewState === "pending")
    return (
      <Alert color="blue" variant="light" title="Waiting for review">
        <Stack gap="xs">
          <Text size="sm">You can still change it; we tell you in your inbox once it is decided.</Text>
          {feedback && (
            <>
              <Text size="sm" fw={700}>
                {LAST_FEEDBACK}
              </Text>
              {feedback}
            </>
          )}
        </Stack>
      </Alert>
    );
  return (
    <Alert color="teal" variant="light" title="Published">
      <Stack gap="xs">
        {feedback}
        {stats.data && <HostFigures {...stats.data} />}
      </Stack>
    </Alert>
  );
}
