import { z } from "./zod.ts";
import { MAX_SEATS, MIN_ADD_SEATS, SEAT_SORT_DIRECTIONS, SEAT_SORTS, SEAT_STATES } from "./business.ts";
import { changeBody, emailSchema, idSchema, text } from "./common.ts";
import { envelope } from "./envelope.ts";
import {
  countMetaSchema,
  cursorMetaSchema,
  cursorQuerySchema,
  listEnvelope,
  pageMetaSchema,
  pageQuerySchema,
  sortQuery,
  sortSpec,
} from "./pagination.ts";

// The business portal (shared/BUSINESS-API.md): the buyer's side of a business subscription.

/** The portal session cookie (httpOnly, on /api/v1/business); a Bearer token works too. */
export const PORTAL_SESSION_COOKIE = "serene_portal";
/** At most this many addresses in one invitation. */
export const MAX_INVITES = 1000;
/** A freed seat given again carries at least this many days. */
export const MIN_FREED_DAYS = 30;
/** A report covers at most this many whole calendar months. */
export const REPORT_MAX_MONTHS = 12;

export const portalLinkBodySchema = z.object({ email: emailSchema });
export const portalSessionBodySchema = z.object({ token: text().min(1).max(200) });

const businessRef = z.object({ _id: z.string(), name: z.string() });
export const portalSessionResponseSchema = envelope(
  z.object({ token: z.string(), admin: z.object({ email: z.string() }), businesses: z.array(businessRef) }),
);

export const seatCountsSchema = z.object({
  total: z.number().int(),
  unsent: z.number().int(),
  invited: z.number().int(),
  redeemed: z.number().int(),
  expired: z.number().int(),
  freed: z.number().int(),
});

export const businessSchema = z.object({
  _id: z.string(),
  name: z.string(),
  billingEmail: z.string(),
  billingAddress: z.string(),
  taxId: z.string(),
  joinDomains: z.array(z.string()),
  joinUrl: z.string(),
  seats: seatCountsSchema,
  nextExpiry: z.object({ date: z.string(), seats: z.number().int() }).nullable(),
  /** Redeemed seats within RENEW_WINDOW_DAYS of their expiry: the ones that can be renewed now. */
  renewable: z.number().int(),
  createdAt: z.string(),
});
export type Business = z.infer<typeof businessSchema>;
export const businessResponseSchema = envelope(businessSchema);

const domainSchema = text()
  .toLowerCase()
  .max(253, { error: "Enter a domain like acme.com" })
  // No lookahead: the OpenAPI fuzzer (and some JSON Schema tools) cannot generate from one.
  .regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: "Enter a domain like acme.com" });
export const updateBusinessBodySchema = changeBody({
  name: text().min(1).max(200).optional(),
  billingEmail: emailSchema.optional(),
  billingAddress: text().max(500).optional(),
  taxId: text().max(50).optional(),
  joinDomains: z.array(domainSchema).max(20).optional(),
  rotateJoinUrl: z.literal(true).optional(),
});
export type UpdateBusinessInput = z.infer<typeof updateBusinessBodySchema>;

export const businessParamsSchema = z.object({ id: idSchema });
/** The join link's token (`/listen/join/<token>`). */
export const joinParamsSchema = z.object({
  token: text().regex(/^[0-9a-f]{32}$/, { error: "is not a join link" }),
});
export const seatParamsSchema = z.object({ id: idSchema, seatId: idSchema });
export const adminParamsSchema = z.object({ id: idSchema, email: emailSchema });

export const seatSchema = z.object({
  _id: z.string(),
  purchaseId: z.string(),
  state: z.enum(SEAT_STATES),
  code: z.string().optional(),
  invitedEmail: z.string().nullable(),
  invitedAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  listener: z.object({ username: z.string(), email: z.string() }).optional(),
  expiresAt: z.string().nullable(),
  /** When its listener left or was removed (a `freed` seat; kept once it is given again). */
  freedAt: z.string().nullable(),
  /** A `freed` seat: the days it carries to the next listener; null otherwise. */
  keepsDays: z.number().int().nullable(),
  /** When its invitation was last withdrawn (null if never). */
  withdrawnAt: z.string().nullable(),
  /**
   * Its code was listed in the purchase e-mail (a purchase of the specification's original
   * client): whoever the buyer passed it to may redeem it, so the portal never invites with it.
   */
  inPurchaseEmail: z.boolean(),
});
export type Seat = z.infer<typeof seatSchema>;
export const seatResponseSchema = envelope(seatSchema);
/** Re-address an invitation, or give a seat: to this address. */
export const seatEmailBodySchema = z.object({ email: emailSchema });

/** The seats list's orders (`sort`, `direction`, as the back office's lists). */
export const seatSortSpec = sortSpec({ fields: SEAT_SORT_DIRECTIONS, default: "created" });

export const seatListQuerySchema = cursorQuerySchema.extend({
  state: z.enum(SEAT_STATES).optional(),
  q: text().max(200).optional(),
  /** Only redeemed seats expiring within this many days, soonest first (the renewals). */
  expiringWithinDays: z.coerce.number().int().min(1).max(366).optional(),
  /** Left out: newest seat first (with `expiringWithinDays`, soonest expiry first). */
  sort: z.enum(SEAT_SORTS, { error: `sort must be one of ${SEAT_SORTS.join(", ")}` }).optional(),
  direction: sortQuery(seatSortSpec).direction,
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type SeatListQuery = z.infer<typeof seatListQuerySchema>;
export const seatListResponseSchema = listEnvelope(seatSchema, cursorMetaSchema);

export const INVITE_RESULTS = ["invited", "already_invited", "invalid_email", "no_free_seat"] as const;
export const invitesBodySchema = z.object({
  emails: z
    .array(text().max(320))
    .min(1, { error: "Send at least one address" })
    .max(MAX_INVITES, { error: `At most ${MAX_INVITES} addresses at a time` }),
});
export const inviteResultSchema = z.object({
  email: z.string(),
  seatId: z.string().nullable(),
  result: z.enum(INVITE_RESULTS),
});
export type InviteResult = z.infer<typeof inviteResultSchema>;
export const inviteListResponseSchema = listEnvelope(inviteResultSchema, countMetaSchema);

export const businessAdminSchema = z.object({
  email: z.string(),
  addedAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type BusinessAdmin = z.infer<typeof businessAdminSchema>;
export const adminBodySchema = z.object({ email: emailSchema });
export const adminListResponseSchema = listEnvelope(businessAdminSchema, countMetaSchema);

export const businessActivitySchema = z.object({
  _id: z.string(),
  actor: z.string().nullable(),
  action: z.string(),
  /** The entry in the buyer's words: who did what ("sam@acme.com changed the billing address"). */
  summary: z.string(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type BusinessActivity = z.infer<typeof businessActivitySchema>;
export const businessActivityQuerySchema = cursorQuerySchema;
export const businessActivityListResponseSchema = listEnvelope(businessActivitySchema, cursorMetaSchema);

export const portalCheckoutBodySchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("add"),
      seats: z
        .number({ error: "seats must be a whole number from 1 to 100" })
        .int({ error: "seats must be a whole number from 1 to 100" })
        .min(MIN_ADD_SEATS, { error: "seats must be a whole number from 1 to 100" })
        .max(MAX_SEATS, { error: "seats must be a whole number from 1 to 100" }),
    }),
    z.object({
      kind: z.literal("renew"),
      seatIds: z.array(idSchema).min(1, { error: "Choose at least one seat" }).max(MAX_INVITES),
    }),
  ],
  { error: 'kind must be "add" or "renew"' },
);
export type PortalCheckoutInput = z.infer<typeof portalCheckoutBodySchema>;
export const portalCheckoutResponseSchema = envelope(z.object({ url: z.string() }));

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitCents: z.number().int(),
  totalCents: z.number().int(),
  /** The line's service period (YYYY-MM-DD, both days included) and what it runs from. */
  period: z.object({ from: z.string(), to: z.string(), basis: z.string() }).optional(),
});
const dayRangeSchema = z.object({ from: z.string(), to: z.string() });
export const invoiceSchema = z.object({
  _id: z.string(),
  number: z.string(),
  issuedAt: z.string(),
  /** Integer cents: the amount paid (gross). */
  total: z.number().int(),
  /** Integer cents before tax. */
  net: z.number().int(),
  /** The tax included: its rate, amount (cents), and whether the buyer accounts for it (reverse charge, 0 %). */
  tax: z.object({ ratePercent: z.number(), amount: z.number().int(), reverseCharge: z.boolean() }),
  /** The span of its lines' service periods (null on invoices issued before periods were printed). */
  period: dayRangeSchema.nullable(),
  currency: z.string(),
  status: z.string(),
  lines: z.array(invoiceLineSchema),
  pdfUrl: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListResponseSchema = listEnvelope(invoiceSchema, countMetaSchema);
export const invoiceParamsSchema = z.object({ id: idSchema, invoiceId: idSchema });

/** A calendar month, YYYY-MM (from the year 0001, as days). */
export const monthSchema = text()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "must be a month such as 2026-10" })
  .refine((month) => !month.startsWith("0000"), { error: "must be a month such as 2026-10" });

/** Months as numbers (year * 12 + month - 1), to count and compare them. */
export const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/**
 * A report's months: `month`, or `from` and `to` (at most 12). Whether they have ended is the
 * server's check (it knows the date).
 */
export const reportQuerySchema = z
  .object({ month: monthSchema.optional(), from: monthSchema.optional(), to: monthSchema.optional() })
  .superRefine((q, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (q.month !== undefined) {
      if (q.from !== undefined || q.to !== undefined)
        issue("month", "give either `month` or `from` and `to`, not both");
      return;
    }
    if (q.from === undefined) return issue("from", "give `month`, or `from` and `to`");
    if (q.to === undefined) return issue("to", "give `month`, or `from` and `to`");
    if (q.to < q.from) return issue("to", "must be on or after `from`");
    if (monthIndex(q.to) - monthIndex(q.from) >= REPORT_MAX_MONTHS)
      issue("to", `A report covers at most ${REPORT_MAX_MONTHS} months`);
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;
export const REPORT_FIELDS = [
  "activeListeners",
  "minutes",
  "sessions",
  "weekly",
  "topInterests",
  "moodLift",
] as const;
export const reportSchema = z.object({
  /** The first day of the first month and the last day of the last (YYYY-MM-DD). */
  from: z.string(),
  to: z.string(),
  /** Seats redeemed at the end of the last month (a seat count, exact). */
  redeemed: z.number().int(),
  activeListeners: z.number().int().nullable(),
  minutes: z.number().int().nullable(),
  sessions: z.number().int().nullable(),
  weekly: z
    .array(
      z.object({
        weekStart: z.string(),
        activeListeners: z.number().int().nullable(),
        minutes: z.number().int().nullable(),
      }),
    )
    .nullable(),
  /** Only interests 10 or more listeners heard. */
  topInterests: z.array(z.object({ name: z.string(), share: z.number() })).nullable(),
  moodLift: z
    .object({ sessions: z.number().int(), improved: z.number(), same: z.number(), worse: z.number() })
    .nullable(),
  /** The fields withheld (wholly or in part) because they rest on fewer than 10 listeners. */
  suppressed: z.array(z.string()),
});
export type Report = z.infer<typeof reportSchema>;
export const reportResponseSchema = envelope(reportSchema);

// ---- The back office's view of businesses ----

/** The businesses list's columns to sort by (seats: every seat the business has bought, most first). */
export const businessSorts = sortSpec({
  fields: { created: "desc", name: "asc", email: "asc", seats: "desc" },
  default: "created",
});
export type BusinessSortField = keyof typeof businessSorts.fields;

/** The back office's businesses: paged like every back-office list (page, limit, q), and sorted. */
export const businessListQuerySchema = pageQuerySchema
  .extend({
    // BUSINESS-API.md pages this list by `cursor` (`meta.nextCursor`); the back office's pages by
    // `page`. The cursor is opaque to clients: it names the next page.
    cursor: text()
      .regex(/^p[1-9][0-9]{0,5}$/, { error: "cursor: is not one this list gave" })
      .optional(),
  })
  .extend(sortQuery(businessSorts));
/** The businesses list's filter: a search by name, billing or admin address. */
export const businessFilterSchema = z.object({ q: pageQuerySchema.shape.q });
export type BusinessFilter = z.infer<typeof businessFilterSchema>;
export type BusinessListQuery = z.infer<typeof businessListQuerySchema>;
export const businessListResponseSchema = listEnvelope(
  businessSchema,
  pageMetaSchema.extend(cursorMetaSchema.shape),
);
export const businessDetailSchema = businessSchema.extend({
  admins: z.array(businessAdminSchema),
  purchases: z.array(
    z.object({
      _id: z.string(),
      /** first | add | renew | grant */
      kind: z.string(),
      seats: z.number().int(),
      amountCents: z.number().int(),
      currency: z.string(),
      state: z.string(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
});
export type BusinessDetail = z.infer<typeof businessDetailSchema>;
export const businessDetailResponseSchema = envelope(businessDetailSchema);
export const grantSeatsBodySchema = z.object({
  seats: z.number().int().min(1).max(1000),
  months: z.number().int().min(1).max(36),
  reason: text().min(1, { error: "Say why these seats are given" }).max(500),
});
export type GrantSeatsInput = z.infer<typeof grantSeatsBodySchema>;
