import { type PurchaseListQuery, purchaseListResponseSchema } from "@serene/contract";
import { apiList } from "../../../lib/api-client";

/** GET /user/purchases: one page of business purchases, newest first; `q` searches business and e-mail. */
export function listPurchases(params: Partial<PurchaseListQuery>, signal?: AbortSignal) {
  return apiList("/user/purchases", { query: params, schema: purchaseListResponseSchema, signal });
}
