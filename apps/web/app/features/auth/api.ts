import type { LoginBody, ProfileBody, TwoFactorLoginBody } from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { callEndpoint } from "../../lib/api-client";

// Signing in and out of the back office, and your own account.

/** Signs in. A wrong password answers 401, which here is a message, not an ended session. */
export function login(body: LoginBody) {
  return callEndpoint(endpoints.auth.login, { body, redirectOnUnauthorized: false });
}

/** A sign-in's second step. A wrong code is a message, not an ended session. */
export function loginTwoFactor(body: TwoFactorLoginBody) {
  return callEndpoint(endpoints.auth.loginTwoFactor, { body, redirectOnUnauthorized: false });
}

/** Ends the session behind the stored token, or behind `token` when given. */
export function logout(token?: string) {
  return callEndpoint(endpoints.auth.logout, {
    token,
    signal: AbortSignal.timeout(5000),
    redirectOnUnauthorized: false,
  });
}

/** Your own username, last name and picture (null removes it). */
export function updateProfile(body: ProfileBody) {
  return callEndpoint(endpoints.auth.updateProfile, { body });
}

/** Every other session of yours ends. */
export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return callEndpoint(endpoints.auth.changePassword, { body });
}
