import { modals } from "@mantine/modals";
import type { Resource } from "@serene/contract";
import { useCallback } from "react";
import { ApiError } from "../../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { approveResource } from "../api/review-resource";
import { useRefreshAfter } from "../../../lib/query-keys";

/** Approve: asks first, publishes the content, says so and refreshes the lists. */
export function useApproveResource() {
  const refreshAfter = useRefreshAfter();
  return useCallback(
    (resource: Resource) => {
      const approve = async () => {
        try {
          const answer = await approveResource(resource._id);
          notifySuccess(answer.message);
          await refreshAfter("catalogue");
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          notifyFailure("The content was not approved", error.message);
        }
      };
      modals.openConfirmModal({
        title: `Approve “${resource.title}”`,
        children: "It is published in the app at once, and its uploader is told.",
        labels: { confirm: "Approve", cancel: "Cancel" },
        onConfirm: () => void approve(),
      });
    },
    [refreshAfter],
  );
}
