import type { CreateCouponsResponse } from "@serene/contract";
import { apiRequest, type ResponseSchema } from "../../lib/api-client";

// The public pages' calls (the business page's order form, /checkout): their answers are checked
// by hand rather than with the contract's zod schemas, because public pages must not load zod.

/** What a business orders; also kept in session storage under `paymentData` (spec section 7). */
export interface PaymentData {
  assignedName: string;
  email: string;
  totalUsers: number;
  totalMonths: number;
}

export interface PaymentAnswer {
  data: { paymentLink: { url: string }; purchaseId: string };
}

const paymentAnswer: ResponseSchema<PaymentAnswer> = {
  parse(payload) {
    const url = (payload as { data?: { paymentLink?: { url?: unknown } } }).data?.paymentLink?.url;
    if (typeof url !== "string" || !/^(https?:\/\/|\/)/.test(url)) {
      throw new TypeError("The answer has no payment link");
    }
    return payload as PaymentAnswer;
  },
};

/**
 * POST /user/stripe-payment: records a pending purchase and answers the payment page to go to.
 * Serene's own page asks for the return that carries the session alone (`sessionReturn`): the
 * seats then wait in the portal, where this browser lands signed in after paying.
 */
export function createPayment(body: PaymentData): Promise<PaymentAnswer> {
  return apiRequest("/user/stripe-payment", {
    method: "POST",
    body: { ...body, sessionReturn: true },
    schema: paymentAnswer,
    redirectOnUnauthorized: false,
  });
}

/**
 * What the checkout page sends: the payment session its URL carries (all our own checkout links
 * carry), or the spec's order details from an older link's query, with the session id when present.
 */
export type CreateCouponsBody = { session_id: string } | (PaymentData & { session_id?: string });

/** The purchase the codes were made for: told on the page, never read from the URL. */
export type CouponsAnswer = Pick<CreateCouponsResponse, "message" | "data">;

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
