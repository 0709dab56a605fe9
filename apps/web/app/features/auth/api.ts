import {
  type LoginBody,
  loginResponseSchema,
  meResponseSchema,
  okEnvelopeSchema,
  type ProfileBody,
  type TwoFactorLoginBody,
} from "@serene/contract";
import { apiRequest } from "../../lib/api-client";

// Signing in and out of the back office, and your own account.

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

/** PUT /auth/profile: your own username, last name and picture (null removes it). */
export function updateProfile(body: ProfileBody) {
  return apiRequest("/auth/profile", { method: "PUT", body, schema: meResponseSchema });
}

/** POST /auth/change-password: every other session of yours ends. */
export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return apiRequest("/auth/change-password", { method: "POST", body, schema: okEnvelopeSchema });
}
