import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { Interest } from "@serene/contract";
import { useCallback } from "react";
import { ApiError } from "../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { useRefreshAfter } from "../../lib/query-keys";
import { deleteInterest } from "./api";

/** What becomes of an interest's contents when it is deleted. */
function holdingsNote(count: number): string {
  if (count === 0) return "It holds no contents.";
  if (count === 1) return "It holds 1 content; it stays, without an interest.";
  return `It holds ${count.toLocaleString("en-US")} contents; they stay, without an interest.`;
}

/** Asks for confirmation (saying how many contents it holds), deletes the interest and refreshes the lists. */
export function useDeleteInterest() {
  const refreshAfter = useRefreshAfter();
  return useCallback(
    (interest: Interest) => {
      const remove = async () => {
        try {
          const answer = await deleteInterest(interest._id);
          notifySuccess(answer.message);
          await refreshAfter("catalogue");
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          notifyFailure("The interest was not deleted", error.message);
        }
      };
      modals.openConfirmModal({
        title: `Delete “${interest.name}”`,
        children: (
          <>
            <Text>Are you sure you want to delete interest, most content would be lost to it</Text>
            <Text c="dimmed" mt="xs">
              {holdingsNote(interest.resourceCount)}
            </Text>
          </>
        ),
        labels: { confirm: "Delete", cancel: "Cancel" },
        confirmProps: { color: "red.9" },
        onConfirm: () => void remove(),
      });
    },
    [refreshAfter],
  );
}
