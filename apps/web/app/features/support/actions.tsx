import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { DeletionRequest } from "@serene/contract";
import { useCallback } from "react";
import { ApiError } from "../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { useRefreshAfter } from "../../lib/query-keys";
import { cancelDeletionRequest, executeDeletionRequest } from "./api";

export type DeletionDecision = "execute" | "cancel";

function executeBody(request: DeletionRequest) {
  if (!request.userID) {
    return `No account uses ${request.email} now: the request is closed and nothing else changes.`;
  }
  return `The account ${request.username ?? request.email}, its sessions, personal data and picture are removed now, and ${request.email} is told by e-mail. Content it uploaded stays, attributed to no one.`;
}

const wording = {
  execute: {
    title: (request: DeletionRequest) => `Delete the account of ${request.email}`,
    body: executeBody,
    confirm: "Delete account now",
    failed: "The account was not deleted",
  },
  cancel: {
    title: (request: DeletionRequest) => `Cancel the request of ${request.email}`,
    body: () => "The account stays, and the request is closed. The user can ask again.",
    confirm: "Cancel request",
    failed: "The request was not cancelled",
  },
} as const;

/**
 * Delete account now, or Cancel request: asks first (naming the e-mail), acts, says so in the
 * server's words and refreshes the requests and everything that shows users.
 */
export function useDecideDeletionRequest() {
  const refreshAfter = useRefreshAfter();
  return useCallback(
    (request: DeletionRequest, decision: DeletionDecision) => {
      const words = wording[decision];
      const decide = async () => {
        try {
          const answer =
            decision === "execute"
              ? await executeDeletionRequest(request._id)
              : await cancelDeletionRequest(request._id);
          notifySuccess(answer.message);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          notifyFailure(words.failed, error.message);
        }
        // Done or not (another admin, or the scheduled sweep, may have been first), fetch again.
        await refreshAfter("deletionRequest");
      };
      modals.openConfirmModal({
        title: words.title(request),
        children: <Text>{words.body(request)}</Text>,
        labels: { confirm: words.confirm, cancel: "Go back" },
        confirmProps: decision === "execute" ? { color: "red.9" } : {},
        onConfirm: () => void decide(),
      });
    },
    [refreshAfter],
  );
}
