import { type LoginBody, loginResponseSchema, type TwoFactorLoginBody } from "@serene/contract";
import { apiRequest } from "../../../lib/api-client";

/** POST /auth/login. A wrong password answers 401, which here is a message, not an ended session. */
export function login(body: LoginBody) {
  return apiRequest("/auth/login", {
    method: "POST",
    body,
    schema: loginResponseSchema,
    redirectOnUnauthorized: false,
  });
}

/** POST /auth/login/two-factor: a sign-in's second step. A wrong code is a message, not an ended session. */
export function loginTwoFactor(body: TwoFactorLoginBody) {
  return apiRequest("/auth/login/two-factor", {
    method: "POST",
    body,
    schema: loginResponseSchema,
    redirectOnUnauthorized: false,
  });
}
