import { Stack, Text, Textarea } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { HostRequest } from "@serene/contract";
import { useCallback } from "react";
import { ApiError } from "../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { useRefreshAfter } from "../../lib/query-keys";
import { decideHostRequest } from "./api";

const wording = {
  approve: {
    title: (name: string) => `Approve ${name}'s request`,
    body: (name: string) =>
      `${name} becomes a host and can upload their own content. They are told in the app.`,
    confirm: "Approve",
    failed: "The request was not approved",
  },
  decline: {
    title: (name: string) => `Decline ${name}'s request`,
    body: (name: string) => `${name} stays an app user and is told in the app that the request was declined.`,
    confirm: "Decline",
    failed: "The request was not declined",
  },
} as const;

/** Approve or Decline: asks first, records the decision, says so and refreshes hosts, requests and counts. */
export function useDecideHostRequest() {
  const refreshAfter = useRefreshAfter();
  return useCallback(
    (request: HostRequest, decision: "approve" | "decline") => {
      const words = wording[decision];
      // A decline may say why: the user reads it on their account page and in the app's inbox.
      let reason = "";
      const decide = async () => {
        try {
          const answer = await decideHostRequest(request._id, decision, reason.trim() || undefined);
          notifySuccess(answer.message);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          notifyFailure(words.failed, error.message);
        }
        // Decided or not (another admin may have been first), the list is fetched again.
        await refreshAfter("user");
      };
      modals.openConfirmModal({
        title: words.title(request.username),
        children:
          decision === "decline" ? (
            <Stack gap="sm">
              <Text>{words.body(request.username)}</Text>
              <Textarea
                label="Reason (optional)"
                description="The user reads it in the app."
                maxLength={1000}
                autosize
                minRows={2}
                onChange={(event) => {
                  reason = event.currentTarget.value;
                }}
              />
            </Stack>
          ) : (
            <Text>{words.body(request.username)}</Text>
          ),
        labels: { confirm: words.confirm, cancel: "Cancel" },
        confirmProps: decision === "decline" ? { color: "red.9" } : {},
        onConfirm: () => void decide(),
      });
    },
    [refreshAfter],
  );
}
