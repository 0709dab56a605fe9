import { Anchor, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import { ContentCover } from "../../components/entities/content-cover";
import { LoadError } from "../../components/ui/load-error";
import { DateText } from "../../components/ui/date-text";
import { ContentForm } from "../../features/resources/components/content-form";
import { Player } from "../../features/resources/components/content-audio";
import { ReviewDecision } from "../../features/resources/components/review-decision";
import { ReviewFacts } from "../../features/resources/components/review-facts";
import { ReviewHistory } from "../../features/resources/components/review-history";
import { ReviewStateBadge } from "../../features/resources/components/review-state-badge";
import { PENDING_REVIEW_PATH } from "../../lib/review-paths";
import { useResource } from "../../features/resources/api";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/content-review";

const page: PageInfo = {
  title: "Review content",
  description:
    "A host's upload: listen to it, correct its details, then approve it (published at once) or decline it with feedback.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

/** One content's review: listen, see and edit every field, then approve or decline it. */
export default function ContentReview() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const resource = useResource(id);

  return (
    <Stack gap="lg">
      <Anchor component={Link} to={PENDING_REVIEW_PATH} size="sm" fw={600}>
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          Pending review
        </Group>
      </Anchor>
      {resource.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading the content" />
        </Center>
      ) : resource.isError ? (
        <LoadError
          title="The content could not be loaded"
          error={resource.error}
          onRetry={() => void resource.refetch()}
        />
      ) : (
        <>
          <Paper
            withBorder
            radius="lg"
            p={{ base: "sm", sm: "md" }}
            component="section"
            aria-labelledby="listen"
          >
            <Group align="flex-start" wrap="nowrap" gap="md">
              <ContentCover resource={resource.data} />
              <Stack gap={6} miw={0} style={{ flex: 1 }}>
                <Group gap="xs">
                  <Title order={2} fz="h3" id="listen" style={{ overflowWrap: "anywhere" }}>
                    {resource.data.title}
                  </Title>
                  <ReviewStateBadge state={resource.data.reviewState} />
                </Group>
                <Text size="sm" c="dimmed">
                  Sent by {resource.data.userEmail ?? "a deleted account"} on{" "}
                  <DateText iso={resource.data.time_created} />
                </Text>
                <Player resource={resource.data} width="100%" />
              </Stack>
            </Group>
          </Paper>
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 7 }}>
              <Paper
                withBorder
                radius="lg"
                p={{ base: "sm", sm: "md" }}
                component="section"
                aria-labelledby="details"
              >
                <Title order={2} fz="h4" id="details" mb="xs">
                  Details
                </Title>
                <Text size="sm" c="dimmed" mb="md">
                  Correct anything before you decide: Update Content saves it as the host will see it.
                </Text>
                <ContentForm
                  key={resource.data._id}
                  resource={resource.data}
                  onCancel={() => void navigate(PENDING_REVIEW_PATH)}
                  onSaved={() => void resource.refetch()}
                />
              </Paper>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 5 }}>
              <Stack gap="lg">
                <ReviewDecision
                  resource={resource.data}
                  onDecided={() => void navigate(PENDING_REVIEW_PATH)}
                />
                <ReviewFacts resource={resource.data} />
                <ReviewHistory id={resource.data._id} />
              </Stack>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
