import { endpoint } from "../endpoint.ts";

const tags = ["auth"];

export const authEndpoints = {
  login: endpoint({
    method: "POST",
    path: "/api/v1/auth/login",
    access: "public",
    tags,
    summary: "Sign in; answers a bearer token and sets the session cookie",
    description:
      "Signs in with e-mail and password; answers a bearer token (listeners' sessions last while used, 30 days idle).\nAn account with two-factor sign-in on answers 401 `two_factor_required` with a `challenge` (valid 5 minutes) instead: send it with the authenticator's code to POST /auth/login/two-factor. No session exists before that step.",
    body: "loginBodySchema",
    response: { 200: "loginResponseSchema" },
  }),
  loginTwoFactor: endpoint({
    method: "POST",
    path: "/api/v1/auth/login/two-factor",
    access: "public",
    tags,
    summary: "Sign in, second step: the authenticator's code (or a recovery code)",
    description:
      "Takes the `challenge` of POST /auth/login's `two_factor_required` answer and the current 6-digit code of the authenticator app (a code is accepted once) or an unused recovery code (each works once); answers the session as POST /auth/login does. A challenge opens one session: used again, 400 `invalid_token`. Wrong codes are limited as wrong passwords are.",
    body: "twoFactorLoginBodySchema",
    response: { 200: "loginResponseSchema" },
  }),
  logout: endpoint({
    method: "POST",
    path: "/api/v1/auth/logout",
    access: "authenticated",
    tags,
    summary: "End the current session",
    description: "Ends the current session and clears the cookie.",
    response: { 200: "okEnvelopeSchema" },
    duringTwoFactorSetup: true,
  }),
  me: endpoint({
    method: "GET",
    path: "/api/v1/auth/me",
    access: "authenticated",
    tags,
    summary: "The signed-in user",
    response: { 200: "meResponseSchema" },
    duringTwoFactorSetup: true,
  }),
  updateProfile: endpoint({
    method: "PUT",
    path: "/api/v1/auth/profile",
    access: "authenticated",
    tags,
    summary: "Edit your own profile (username, last name, picture)",
    body: "profileBodySchema",
    response: { 200: "meResponseSchema" },
  }),
  changePassword: endpoint({
    method: "POST",
    path: "/api/v1/auth/change-password",
    access: "authenticated",
    tags,
    summary: "Change the password; every other session ends",
    body: "changePasswordBodySchema",
    response: { 200: "okEnvelopeSchema" },
  }),
  twoFactorStatus: endpoint({
    method: "GET",
    path: "/api/v1/auth/two-factor",
    access: "staff",
    tags: ["auth: two-factor"],
    summary: "Your two-factor sign-in",
    description:
      "Whether two-factor sign-in is on, whether the back office requires you to set it up now, and how many recovery codes are left.",
    response: { 200: "twoFactorStatusResponseSchema" },
    duringTwoFactorSetup: true,
  }),
  startTwoFactorSetup: endpoint({
    method: "POST",
    path: "/api/v1/auth/two-factor/setup",
    access: "staff",
    tags: ["auth: two-factor"],
    summary: "Start setting up two-factor sign-in",
    description:
      "Answers a new secret for an authenticator app (TOTP: SHA-1, 30 seconds, 6 digits), as text, as an otpauth:// URI and as a QR code (SVG). Not in force until POST /auth/two-factor/enable confirms it with a code.",
    response: { 200: "twoFactorSetupResponseSchema" },
    duringTwoFactorSetup: true,
  }),
  enableTwoFactor: endpoint({
    method: "POST",
    path: "/api/v1/auth/two-factor/enable",
    access: "staff",
    tags: ["auth: two-factor"],
    summary: "Turn two-factor sign-in on",
    description:
      "Confirms the set-up with the app's current code; answers 10 one-time recovery codes, shown this once (only their hashes are kept).",
    body: "twoFactorCodeBodySchema",
    response: { 200: "recoveryCodesResponseSchema" },
    duringTwoFactorSetup: true,
  }),
  disableTwoFactor: endpoint({
    method: "POST",
    path: "/api/v1/auth/two-factor/disable",
    access: "staff",
    tags: ["auth: two-factor"],
    summary: "Turn two-factor sign-in off",
    description:
      "Needs a current code of the app (or a recovery code); refused while the back office requires two-factor sign-in. Wrong codes are limited as wrong passwords are.",
    body: "twoFactorCodeBodySchema",
    response: { 200: "okEnvelopeSchema" },
  }),
};
