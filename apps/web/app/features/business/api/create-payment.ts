import { apiRequest, type ResponseSchema } from "../../../lib/api-client";

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

// Checked by hand rather than with a zod schema: public pages must not load zod.
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
