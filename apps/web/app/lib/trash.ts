import type { TrashBulkBody } from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { useCallback } from "react";
import { ApiError, callEndpoint } from "./api-client";
import { notifyFailure, notifySuccess } from "./notify";
import { useRefreshAfter } from "./query-keys";

/** Restores, or deletes forever, the users and contents picked. */
export function bulkTrash(body: TrashBulkBody) {
  return callEndpoint(endpoints.trash.bulk, { body });
}

/**
 * Restore from the trash (the toast's Undo after a delete, the Trash page's Restore): takes the
 * rows out of the trash, says so, and refreshes the lists they come back to.
 */
export function useRestoreFromTrash() {
  const refreshAfter = useRefreshAfter();
  return useCallback(
    async (ids: string[]) => {
      try {
        const answer = await bulkTrash({ action: "restore", ids });
        notifySuccess(answer.message);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        notifyFailure("Nothing was restored", error.message);
      }
      await refreshAfter("trash");
    },
    [refreshAfter],
  );
}
