import { okEnvelopeSchema } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /auth/logout: ends the session behind the stored token, or behind `token` when given. */
export function logout(token?: string) {
  return apiRequest("/auth/logout", {
    method: "POST",
    schema: okEnvelopeSchema,
    token,
    signal: AbortSignal.timeout(5000),
    redirectOnUnauthorized: false,
  });
}
