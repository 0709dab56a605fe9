// The business plan (spec section 9) and the subscription-code rules: one place, used by the
// API and the web. Kept free of zod: the public pages read them through
// "@serene/contract/business" and must not load zod. Request/response schemas: purchases.ts.

// ---- The plan ----

/** $49.99 per employee per year, in integer cents. */
export const PRICE_PER_SEAT_CENTS = 4999;
export const MIN_SEATS = 5;
export const MAX_SEATS = 100;
export const DEFAULT_SEATS = 5;
/** Length of one subscription; it starts when an employee redeems the code. */
export const SUBSCRIPTION_MONTHS = 12;
export const CURRENCY = "usd";

/** The total of a purchase in integer cents (5 seats: 24995). */
export const totalCents = (seats: number) => seats * PRICE_PER_SEAT_CENTS;

/** Cents as dollars with two decimals: 24995 -> "$249.95". */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.round(cents));
  const dollars = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

// ---- Subscription codes ----

/**
 * Crockford's base-32 alphabet without 0 and 1 (it already leaves out I, L, O and U), so no
 * two characters can be mistaken for each other. 16 characters: about 78 bits.
 */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const CODE_LENGTH = 16;
/** How a code is written: XXXX-XXXX-XXXX-XXXX. */
export const CODE_PATTERN = /^[2-9A-HJKMNP-TV-Z]{4}(-[2-9A-HJKMNP-TV-Z]{4}){3}$/;

/** A code as typed (any case, spaces or dashes anywhere) in its written form, or null when it cannot be one. */
export function normaliseCode(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]+/g, "");
  if (compact.length !== CODE_LENGTH) return null;
  for (const c of compact) if (!CODE_ALPHABET.includes(c)) return null;
  return compact.match(/.{4}/g)!.join("-");
}

// ---- The business portal (its pages read these without zod) ----

/** Seats an existing business adds in one checkout of the portal: from this many to MAX_SEATS. */
export const MIN_ADD_SEATS = 1;
/** A seat's states (BUSINESS-API.md), in the order the portal shows them. */
export const SEAT_STATES = ["unsent", "invited", "redeemed", "expired", "freed"] as const;
export type SeatState = (typeof SEAT_STATES)[number];

/**
 * The seats list's orders (`sort` of GET /business/:id/seats), each with the direction a first
 * click gives: when the seat was made, its latest activity (invited or redeemed), its state, its
 * person (listener, else invited address), or one of its dates.
 */
export const SEAT_SORT_DIRECTIONS = {
  created: "desc",
  activity: "desc",
  state: "asc",
  person: "asc",
  invitedAt: "desc",
  redeemedAt: "desc",
  expiresAt: "asc",
} as const;
export type SeatSort = keyof typeof SEAT_SORT_DIRECTIONS;
export const SEAT_SORTS = Object.keys(SEAT_SORT_DIRECTIONS) as [SeatSort, ...SeatSort[]];

/** A staff list (eligibility sync) has at most this many rows. */
export const MAX_ELIGIBILITY_ROWS = 50_000;
/** The days a person no longer on the staff list keeps the seat: by default, and at most. */
export const DEFAULT_GRACE_DAYS = 14;
export const MAX_GRACE_DAYS = 30;

/** A redeemed seat may be renewed from this many days before its expiry. */
export const RENEW_WINDOW_DAYS = 60;
/** Below this many redeemed listeners, every report figure is withheld. */
export const REPORT_MIN_LISTENERS = 10;
