import type { CreateCouponsResponse } from "@serene/contract";
import { purchasesEndpoints } from "@serene/contract/endpoints";
import { ApiError, callEndpoint } from "../../lib/api-client";

// The public pages' calls (the business page's order form, /checkout), through the typed client:
// endpoint declarations are plain data, so these pages still load no zod.

/** What a business orders; also kept in session storage under `paymentData` (spec section 7). */
export interface PaymentData {
  assignedName: string;
  email: string;
  totalUsers: number;
  totalMonths: number;
}

/**
 * Records a pending purchase and answers the payment page to go to (checked to be a web address
 * before the browser is sent there). Serene's own page asks for the return that carries the
 * session alone (`sessionReturn`): the seats then wait in the portal, where this browser lands
 * signed in after paying.
 */
export async function createPayment(body: PaymentData) {
  const answer = await callEndpoint(purchasesEndpoints.startCheckout, {
    body: { ...body, sessionReturn: true },
    redirectOnUnauthorized: false,
  });
  if (!/^(https?:\/\/|\/)/.test(answer.data.paymentLink.url)) {
    throw new ApiError("The server sent an answer this page does not understand.", {
      code: "invalid_response",
      httpStatus: 200,
    });
  }
  return answer;
}

/**
 * What the checkout page sends: the payment session its URL carries (all our own checkout links
 * carry), or the spec's order details from an older link's query, with the session id when present.
 */
export type CreateCouponsBody = { session_id: string } | (PaymentData & { session_id?: string });

/** The purchase the codes were made for: told on the page, never read from the URL. */
export type CouponsAnswer = Pick<CreateCouponsResponse, "message" | "data">;

/**
 * Once the payment is confirmed, creates one code per employee and e-mails them to the business
 * (only once per purchase). Refused with 402 before payment.
 */
export function createCoupons(body: CreateCouponsBody): Promise<CouponsAnswer> {
  return callEndpoint(purchasesEndpoints.createCoupons, { body, redirectOnUnauthorized: false });
}
