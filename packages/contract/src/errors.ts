import { z } from "./zod.ts";

/** Stable machine codes for every error the API answers, with their HTTP status. */
export const errorCodes = {
  validation_failed: 400,
  bad_request: 400,
  invalid_json: 400,
  /** Sign-up without confirming the person is 18 or older. */
  age_confirmation_required: 400,
  /** An e-mail link or code that is unknown, used or expired. */
  invalid_token: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  /**
   * The password was right and the account signs in with two factors: send the code of its
   * authenticator app (or a recovery code) with the answer's `challenge` to POST /auth/login/two-factor.
   */
  two_factor_required: 401,
  /** A webhook whose signature is missing, wrong or too old. */
  invalid_signature: 401,
  /** The purchase has no confirmed payment (yet). */
  payment_required: 402,
  forbidden: 403,
  /** Two-factor sign-in is required of every staff account: this session reaches only its set-up until it is on. */
  two_factor_setup_required: 403,
  /** Paid content for a listener without a current entitlement. */
  subscription_required: 403,
  /** The account's address is not verified yet (redeeming a code). */
  email_not_verified: 403,
  /** A cookie-authenticated write sent from another site (CSRF defence). */
  cross_site_request: 403,
  /** The code was sent to another address through the business portal: only that verified account redeems it. */
  code_invited_elsewhere: 403,
  not_found: 404,
  route_not_found: 404,
  /** No subscription code like this one. */
  code_not_found: 404,
  conflict: 409,
  /** Another account uses this address (any letter case). */
  email_taken: 409,
  /** The subscription code has been redeemed already. */
  code_used: 409,
  /** The listener already redeemed a code of this purchase. */
  code_same_purchase: 409,
  /** The listener is entitled already: redeeming again needs `confirm: true` (the preview says what it would change). */
  confirmation_required: 409,
  version_not_newer: 409,
  /** The address already holds a seat of this business (an open invitation, or a running seat it redeemed). */
  already_invited: 409,
  /** A business keeps at least one admin. */
  last_admin: 409,
  /** An upload sent too slowly (under UPLOAD_MIN_BYTES_PER_SECOND for UPLOAD_STALL_SECONDS): dropped. */
  upload_too_slow: 408,
  payload_too_large: 413,
  /** A path parameter longer than the router takes. */
  uri_too_long: 414,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  /** The payment provider could not be reached or refused the request. */
  payment_provider_error: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export const errorEnvelopeSchema = z.object({
  status: z.literal(false),
  message: z.string(),
  code: z.string(),
  /** Per-field problems for validation errors: path -> message. */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** Seconds to wait before trying again (429 rate_limited). */
  retryAfter: z.number().int().optional(),
  /** The signed, short-lived challenge of a sign-in's second step (two_factor_required). */
  challenge: z.string().optional(),
  requestId: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
