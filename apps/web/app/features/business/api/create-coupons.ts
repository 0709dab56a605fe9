import type { CreateCouponsResponse } from "@serene/contract";
import { apiRequest, type ResponseSchema } from "../../../lib/api-client";
import type { PaymentData } from "./create-payment";

/**
 * What the checkout page sends: the payment session its URL carries (all our own checkout links
 * carry), or the spec's order details from an older link's query, with the session id when present.
 */
export type CreateCouponsBody = { session_id: string } | (PaymentData & { session_id?: string });

/** The purchase the codes were made for: told on the page, never read from the URL. */
export type CouponsAnswer = Pick<CreateCouponsResponse, "message" | "data">;

// Checked by hand rather than with a zod schema: public pages must not load zod.
const couponsAnswer: ResponseSchema<CouponsAnswer> = {
  parse(payload) {
    const { message, data } = payload as Partial<CouponsAnswer>;
    if (
      typeof message !== "string" ||
      typeof data?.email !== "string" ||
      typeof data.totalUsers !== "number" ||
      typeof data.totalMonths !== "number"
    ) {
      throw new TypeError("The answer has no purchase");
    }
    return payload as CouponsAnswer;
  },
};

/**
 * POST /user/create-coupons: once the payment is confirmed, creates one code per employee and
 * e-mails them to the business (only once per purchase). Refused with 402 before payment.
 */
export function createCoupons(body: CreateCouponsBody): Promise<CouponsAnswer> {
  return apiRequest("/user/create-coupons", {
    method: "POST",
    body,
    schema: couponsAnswer,
    redirectOnUnauthorized: false,
  });
}
