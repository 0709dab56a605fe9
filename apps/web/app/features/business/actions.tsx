import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { Purchase } from "@serene/contract";
import { useCallback } from "react";
import { ApiError } from "../../lib/api-client";
import { plural } from "../../lib/format";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { useRefreshAfter } from "../../lib/query-keys";
import { resendPurchaseCodes } from "./api";

/** Resend e-mail: asks first, e-mails the codes again, says so in the server's words. */
export function useResendPurchaseCodes() {
  const refreshAfter = useRefreshAfter();
  return useCallback(
    (purchase: Purchase) => {
      const resend = async () => {
        try {
          const answer = await resendPurchaseCodes(purchase._id);
          notifySuccess(answer.message);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          notifyFailure("The codes were not sent again", error.message);
        }
        await refreshAfter("purchase");
      };
      modals.openConfirmModal({
        title: "Resend the codes",
        children: (
          <Text>
            The {plural(purchase.codesIssued, "subscription code")} of {purchase.assignedName} are e-mailed
            again to {purchase.email}.
          </Text>
        ),
        labels: { confirm: "Resend e-mail", cancel: "Cancel" },
        onConfirm: () => void resend(),
      });
    },
    [refreshAfter],
  );
}
