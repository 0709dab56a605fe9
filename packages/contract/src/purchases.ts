import { z } from "./zod.ts";
import { emailSchema, entityIdFields, text, wholeNumber } from "./common.ts";
import { MAX_SEATS, MIN_SEATS, SUBSCRIPTION_MONTHS } from "./business.ts";
import { envelope } from "./envelope.ts";
import { listEnvelope, pageQuerySchema, sortQuery, sortSpec } from "./pagination.ts";

// ---- Purchase (public) ----

const purchaseFields = {
  assignedName: text({ error: "Please provide your Business Name" })
    .min(1, { error: "Please provide your Business Name" })
    .max(120, { error: "Business name must be at most 120 characters" })
    .refine((v) => !/[\r\n]/.test(v), { error: "Business name must be on one line" }),
  email: text({ error: "Please provide your email address" })
    .min(1, { error: "Please provide your email address" })
    .max(254, { error: "E-mail address is too long" })
    .pipe(emailSchema),
  totalUsers: wholeNumber("Number of employees").pipe(
    z
      .number()
      .min(MIN_SEATS, { error: `Number of employees must be between ${MIN_SEATS} and ${MAX_SEATS}` })
      .max(MAX_SEATS, {
        error: `Number of employees must be between ${MIN_SEATS} and ${MAX_SEATS}; for more, book a free demo`,
      }),
  ),
  totalMonths: wholeNumber("Subscription length").pipe(
    z.literal(SUBSCRIPTION_MONTHS, { error: `Subscriptions last ${SUBSCRIPTION_MONTHS} months` }),
  ),
};

/** The httpOnly cookie bound to a checkout started in this browser (path /api/v1, single use). */
export const CHECKOUT_BROWSER_COOKIE = "serene_checkout";

/**
 * POST /user/stripe-payment. Any amount the client sends is ignored: the server prices the order.
 * `sessionReturn: true` (Serene's own pages) comes back to `/checkout?session_id=…` alone; without
 * it (the specification's original client) the return carries the spec's assignedName, email,
 * totalUsers and totalMonths too, and the codes e-mail lists the codes.
 */
export const stripePaymentBodySchema = z.object({
  ...purchaseFields,
  sessionReturn: z
    .union([z.boolean(), z.enum(["true", "false"])], { error: "sessionReturn must be true or false" })
    .optional()
    .transform((v) => v === true || v === "true"),
});
export type StripePaymentBody = z.input<typeof stripePaymentBodySchema>;
export type StripePaymentInput = z.output<typeof stripePaymentBodySchema>;

export const stripePaymentResponseSchema = envelope(
  z.object({
    /** Where to send the buyer: Stripe Checkout, or the built-in test checkout. */
    paymentLink: z.object({ url: z.string() }),
    purchaseId: z.string(),
    amountCents: z.number().int(),
    /** "stripe" or "test". */
    provider: z.enum(["stripe", "test"]),
  }),
);
export type StripePaymentResponse = z.infer<typeof stripePaymentResponseSchema>;

/**
 * POST /user/create-coupons: the purchase is found by its payment session (`session_id`, all our
 * own checkout page sends: its URL carries nothing else), or by the spec's details from the URL
 * (assignedName, email, totalUsers, totalMonths), which stay accepted for the spec's client. Any
 * seat count of a purchase made already is taken (the portal's top-ups from 1 seat, its renewals).
 */
export const createCouponsBodySchema = z
  .object({
    assignedName: purchaseFields.assignedName.optional(),
    email: purchaseFields.email.optional(),
    totalUsers: wholeNumber("Number of employees")
      .pipe(z.number().min(1, { error: "Number of employees must be at least 1" }).max(100_000))
      .optional(),
    totalMonths: purchaseFields.totalMonths.optional(),
    session_id: text().min(1).max(300).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.session_id) return;
    const missing = {
      assignedName: "Please provide your Business Name",
      email: "Please provide your email address",
      totalUsers: "Number of employees must be at least 1",
    } as const;
    for (const [field, message] of Object.entries(missing)) {
      if (body[field as keyof typeof missing] === undefined) {
        ctx.addIssue({ code: "custom", path: [field], message });
      }
    }
  });
export type CreateCouponsBody = z.input<typeof createCouponsBodySchema>;
export type CreateCouponsInput = z.output<typeof createCouponsBodySchema>;

export const createCouponsResponseSchema = envelope(
  z.object({
    purchaseId: z.string(),
    email: z.string(),
    totalUsers: z.number().int(),
    totalMonths: z.number().int(),
    /** first | add | renew: the portal's orders go back to its Billing section. */
    kind: z.string(),
    /** The business the purchase belongs to. */
    businessId: z.string().nullable(),
    /**
     * This browser started the checkout (its one-time cookie matched): it is now signed in to the
     * portal (the portal's cookie is set). Any other browser: false, it signs in by the e-mailed link.
     */
    signedIn: z.boolean(),
  }),
);
export type CreateCouponsResponse = z.infer<typeof createCouponsResponseSchema>;

/** The built-in test checkout's Pay form: the billing address and tax ID, as Stripe's page collects them. */
export const testCheckoutPayBodySchema = z
  .object({
    address: text().max(500, { error: "The billing address is at most 500 characters" }).optional(),
    taxId: text().max(50, { error: "The tax ID is at most 50 characters" }).optional(),
  })
  .optional();

// ---- Redemption (signed-in app user) ----

export const redeemCodeBodySchema = z.object({
  code: text({ error: "Enter your subscription code" })
    .min(1, { error: "Enter your subscription code" })
    .max(100),
});
export type RedeemCodeBody = z.infer<typeof redeemCodeBodySchema>;

export const redeemCodeResponseSchema = envelope(
  z.object({
    code: z.string(),
    redeemedAt: z.string(),
    /** The subscription's end: 12 months after redemption. */
    expiresAt: z.string(),
    status: z.string(),
    paidUntil: z.string(),
  }),
);
export type RedeemCodeResponse = z.infer<typeof redeemCodeResponseSchema>;

// ---- Back office ----

export const purchaseStates = ["pending", "paid", "expired", "failed"] as const;
export const purchaseStateSchema = z.enum(purchaseStates);
export type PurchaseState = z.infer<typeof purchaseStateSchema>;

export const purchaseSchema = z.object({
  ...entityIdFields,
  assignedName: z.string(),
  email: z.string(),
  totalUsers: z.number().int(),
  totalMonths: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  state: purchaseStateSchema,
  provider: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  codesCreatedAt: z.string().nullable(),
  codesEmailedAt: z.string().nullable(),
  codesIssued: z.number().int(),
  codesRedeemed: z.number().int(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const subscriptionCodeSchema = z.object({
  ...entityIdFields,
  code: z.string(),
  redeemed: z.boolean(),
  redeemedAt: z.string().nullable(),
  /** The redeemer's id and e-mail; null when not redeemed or when that account was deleted. */
  redeemedBy: z.string().nullable(),
  redeemedByEmail: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type SubscriptionCode = z.infer<typeof subscriptionCodeSchema>;

/** The purchases list's filters: a search (business or e-mail) and the state. */
export const purchaseFilterSchema = z.object({
  q: pageQuerySchema.shape.q,
  state: purchaseStateSchema.optional(),
});
export type PurchaseFilter = z.infer<typeof purchaseFilterSchema>;

/** The purchases list's columns to sort by. */
export const purchaseSorts = sortSpec({
  fields: { created: "desc", business: "asc", email: "asc", seats: "desc", amount: "desc", state: "asc" },
  default: "created",
});

export const purchaseListQuerySchema = pageQuerySchema.extend({
  ...purchaseFilterSchema.shape,
  ...sortQuery(purchaseSorts),
});
export type PurchaseListQuery = z.infer<typeof purchaseListQuerySchema>;

export const purchaseListResponseSchema = listEnvelope(purchaseSchema);
export const purchaseDetailResponseSchema = envelope(
  purchaseSchema.extend({ codes: z.array(subscriptionCodeSchema) }),
);
export type PurchaseDetail = z.infer<typeof purchaseDetailResponseSchema>["data"];
