import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { declineResourceBodySchema, MESSAGE_MAX, type Resource } from "@serene/contract";
import { IconCheck, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { CountedTextarea } from "../../../components/ui/counted-textarea";
import { ApiError } from "../../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/query-keys";
import { approveResource, declineResource } from "../api";

interface ReviewDecisionProps {
  resource: Resource;
  /** After the decision is saved (the page goes back to the queue). */
  onDecided: () => void;
}

/**
 * Approve or Decline with feedback to the uploader (required to decline, optional to approve),
 * each confirmed first; the host is told in their app inbox and by e-mail.
 */
export function ReviewDecision({ resource, onDecided }: ReviewDecisionProps) {
  const refreshAfter = useRefreshAfter();
  const [feedback, setFeedback] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const state = resource.reviewState;
  const to = resource.userEmail ?? "the uploader";

  const decide = async (decision: "approve" | "decline") => {
    setBusy(true);
    try {
      const text = feedback.trim();
      const answer =
        decision === "approve"
          ? await approveResource(resource._id, text ? { feedback: text } : {})
          : await declineResource(resource._id, { feedback: text });
      notifySuccess(`${answer.message}: ${to} is told by e-mail and in the app`);
      await refreshAfter("catalogue");
      onDecided();
    } catch (failure) {
      if (!(failure instanceof ApiError)) throw failure;
      setError(failure.fieldMessages().feedback);
      notifyFailure(
        decision === "approve" ? "The content was not approved" : "The content was not declined",
        failure.message,
      );
    } finally {
      setBusy(false);
    }
  };

  const approve = () =>
    modals.openConfirmModal({
      title: `Approve “${resource.title}”`,
      children: `It is published in the app at once, and ${to} is told${feedback.trim() ? ", with your feedback" : ""}.`,
      labels: { confirm: "Approve", cancel: "Cancel" },
      onConfirm: () => void decide("approve"),
    });

  const decline = () => {
    const checked = declineResourceBodySchema.safeParse({ feedback });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    modals.openConfirmModal({
      title: `Decline “${resource.title}”`,
      children: `It stays out of the app; ${to} gets your feedback and can change it and send it again.`,
      labels: { confirm: "Decline", cancel: "Cancel" },
      confirmProps: { color: "red.9" },
      onConfirm: () => void decide("decline"),
    });
  };

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }} component="section" aria-labelledby="decision">
      <Stack gap="md">
        <Title order={2} fz="h4" id="decision">
          Decision
        </Title>
        {state === "published" ? (
          <Text size="sm">This content is published: listeners can find it in the app.</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {state === "declined"
                ? "Declined: it waits for its host to change it. You can still approve it as it is."
                : `Approve publishes it at once. Decline tells ${to} what to change: feedback is required to decline, optional to approve.`}
            </Text>
            <CountedTextarea
              label="Feedback to the uploader"
              value={feedback}
              max={MESSAGE_MAX}
              error={error}
              onChange={(event) => {
                setFeedback(event.currentTarget.value);
                setError(undefined);
              }}
            />
            <Group justify="flex-end" gap="sm">
              {state === "pending" && (
                <Button
                  variant="outline"
                  color="red.9"
                  leftSection={<IconX size={18} aria-hidden="true" />}
                  onClick={decline}
                  disabled={busy}
                >
                  Decline
                </Button>
              )}
              <Button
                leftSection={<IconCheck size={18} aria-hidden="true" />}
                onClick={approve}
                disabled={busy}
              >
                Approve
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
