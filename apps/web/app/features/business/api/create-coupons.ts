import { apiRequest } from "../../../lib/api-client";
import { type MessageAnswer, messageAnswer } from "../../../lib/plain-answers";
import type { PaymentData } from "./create-payment";

export interface CreateCouponsBody extends PaymentData {
  /** The payment session the checkout came back with, when there is one. */
  session_id?: string;
}

/**
 * POST /user/create-coupons: once the payment is confirmed, creates one code per employee and
 * e-mails them to the business (only once per purchase). Refused with 402 before payment.
 */
export function createCoupons(body: CreateCouponsBody): Promise<MessageAnswer> {
  return apiRequest("/user/create-coupons", {
    method: "POST",
    body,
    schema: messageAnswer,
    redirectOnUnauthorized: false,
  });
}
