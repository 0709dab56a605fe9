import { endpoint } from "../endpoint.ts";

const tags = ["app: accounts"];

export const accountsEndpoints = {
  signup: endpoint({
    method: "POST",
    path: "/api/v1/auth/signup",
    access: "public",
    tags,
    summary: "Sign up; answers a bearer token and sets the session cookie",
    description:
      "Creates a listener account (18+ confirmed), optionally with mood, interests and a business code redeemed at once; answers a session token and, as sign-in, sets the session cookie for the browser.",
    body: "signupBodySchema",
    response: { 201: "loginResponseSchema" },
  }),
  verifyEmail: endpoint({
    method: "POST",
    path: "/api/v1/auth/verify-email",
    access: "public",
    tags,
    summary: "Verify the e-mail address",
    description:
      "Confirms the address with the token of the welcome or verification e-mail; answers the listener's profile (as GET /app/me).",
    body: "tokenBodySchema",
    response: { 200: "verifyEmailResponseSchema" },
  }),
  resendVerification: endpoint({
    method: "POST",
    path: "/api/v1/auth/verify-email/resend",
    access: "authenticated",
    tags,
    summary: "Send the verification e-mail again",
    description: "Sends a new verification link to the account's address (none when it is verified already).",
    response: { 200: "okEnvelopeSchema" },
  }),
  forgotPassword: endpoint({
    method: "POST",
    path: "/api/v1/auth/password/forgot",
    access: "public",
    tags,
    summary: "Ask for a password reset",
    description:
      "E-mails a reset link and 6-digit code (one hour, single use) if an account uses the address; the same answer for every address.",
    body: "forgotPasswordBodySchema",
    response: { 200: "okEnvelopeSchema" },
  }),
  resetPassword: endpoint({
    method: "POST",
    path: "/api/v1/auth/password/reset",
    access: "public",
    tags,
    summary: "Choose a new password",
    description:
      "Sets a new password with the e-mail's token (or its 6-digit code with the address) and signs out every session. An invitation's link (the account's first password) also signs in: the answer's `data` is sign-in's, and the session cookie is set; not for an account with two-factor sign-in, which signs in with its code.",
    body: "resetPasswordBodySchema",
    response: { 200: "resetPasswordResponseSchema" },
  }),
  sessions: endpoint({
    method: "GET",
    path: "/api/v1/auth/sessions",
    access: "authenticated",
    tags,
    summary: "My devices",
    description:
      "The account's signed-in sessions with platform, app version and device, most recently used first.",
    response: { 200: "appSessionListResponseSchema" },
  }),
  endSession: endpoint({
    method: "DELETE",
    path: "/api/v1/auth/sessions/:id",
    access: "authenticated",
    tags,
    summary: "Sign a device out",
    description: "Ends one of the account's own sessions (404 for any other id).",
    params: "idParamsSchema",
    response: { 200: "okEnvelopeSchema" },
  }),
  revokeOthers: endpoint({
    method: "POST",
    path: "/api/v1/auth/sessions/revoke-all",
    access: "authenticated",
    tags,
    summary: "Sign out everywhere else",
    description: "Ends every session of the account except the current one.",
    response: { 200: "okEnvelopeSchema" },
  }),
  profile: endpoint({
    method: "GET",
    path: "/api/v1/app/me",
    access: "authenticated",
    tags: ["app: profile"],
    summary: "My profile",
    description: "The signed-in listener's profile with interests and entitlement.",
    response: { 200: "profileResponseSchema" },
  }),
  updateProfile: endpoint({
    method: "PATCH",
    path: "/api/v1/app/me",
    access: "authenticated",
    tags: ["app: profile"],
    summary: "Change my profile",
    description:
      "Changes any of username, last name, picture, mood, interests, experience and time zone; other fields are refused.",
    body: "patchProfileBodySchema",
    response: { 200: "profileResponseSchema" },
  }),
  deleteAccount: endpoint({
    method: "DELETE",
    path: "/api/v1/app/me",
    access: "authenticated",
    tags: ["app: profile"],
    summary: "Delete my account",
    description:
      "Deletes the account now (password required): sessions and personal data go, as a confirmed deletion request; a confirmation e-mail follows.",
    body: "deleteMeBodySchema",
    response: { 200: "okEnvelopeSchema" },
  }),
};
