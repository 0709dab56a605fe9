import { modals } from "@mantine/modals";
import type { Resource } from "@serene/contract";
import { useCallback } from "react";
import { ApiError } from "../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { useRefreshAfter } from "../../lib/query-keys";
import { useRestoreFromTrash } from "../../lib/trash";
import { approveResource, deleteResource } from "./api";

// The contents' confirm-first actions: each asks, acts, says so and refreshes the lists.

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

/**
 * Asks for confirmation, deletes the content (to the trash), says so ("Content Deleted") with an
 * Undo that restores it, and refreshes the lists.
 */
export function useDeleteResource() {
  const refreshAfter = useRefreshAfter();
  const restore = useRestoreFromTrash();
  return useCallback(
    (resource: Resource) => {
      const remove = async () => {
        try {
          const answer = await deleteResource(resource._id);
          notifySuccess(answer.message, () => restore([resource._id]));
          await refreshAfter("catalogue");
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          notifyFailure("The content was not deleted", error.message);
        }
      };
      modals.openConfirmModal({
        title: `Delete “${resource.title}”`,
        children: "Are you sure you want to delete this content",
        labels: { confirm: "Delete", cancel: "Cancel" },
        confirmProps: { color: "red.9" },
        onConfirm: () => void remove(),
      });
    },
    [refreshAfter, restore],
  );
}
