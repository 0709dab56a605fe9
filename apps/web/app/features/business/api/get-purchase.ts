import { purchaseDetailResponseSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** GET /user/purchases/:id: one purchase with its codes (redeemed or not, by whom, expiry). */
export function getPurchase(id: string, signal?: AbortSignal) {
  return apiRequest(`/user/purchases/${encodeURIComponent(id)}`, {
    schema: purchaseDetailResponseSchema,
    signal,
  });
}
