import { okEnvelopeSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /user/purchases/:id/resend: e-mails the purchase's codes to the business address again. */
export function resendPurchaseCodes(id: string) {
  return apiRequest(`/user/purchases/${encodeURIComponent(id)}/resend`, {
    method: "POST",
    schema: okEnvelopeSchema,
  });
}
