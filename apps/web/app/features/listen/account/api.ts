import { listenKeys } from "../shared/listen-query-client";
import type {
  appConfigResponseSchema,
  appRedeemResponseSchema,
  appSessionListResponseSchema,
  entitlementResponseSchema,
  inboxResponseSchema,
  LoginBody,
  loginResponseSchema,
  okEnvelopeSchema,
  PatchProfileBody,
  profileResponseSchema,
  redeemPreviewResponseSchema,
  ResetPasswordBody,
  SignupBody,
  verifyEmailResponseSchema,
} from "@serene/contract";
import { infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import { shapedBy } from "../../../lib/api-client";
import { byCursor, listenList, listenRequest } from "../shared/request";

// The listener's account (APP-API.md parts 1 and 2): sign-up and sign-in, the profile, the
// entitlement and codes, the devices signed in, the inbox and the app-wide message.

const ok = shapedBy<typeof okEnvelopeSchema>();
const signedIn = shapedBy<typeof loginResponseSchema>();
const profile = shapedBy<typeof profileResponseSchema>();
const minute = 60_000;

/** Signs up; the answer sets the session cookie, as sign-in does. */
export const signup = (body: SignupBody) =>
  listenRequest("/auth/signup", { method: "POST", body, schema: signedIn });
export const login = (body: LoginBody) =>
  listenRequest("/auth/login", { method: "POST", body, schema: signedIn });
export const logout = () => listenRequest("/auth/logout", { method: "POST", schema: ok });
export const verifyEmail = (token: string) =>
  listenRequest("/auth/verify-email", {
    method: "POST",
    body: { token },
    schema: shapedBy<typeof verifyEmailResponseSchema>(),
  });
export const resendVerification = () =>
  listenRequest("/auth/verify-email/resend", { method: "POST", schema: ok });
export const forgotPassword = (email: string) =>
  listenRequest("/auth/password/forgot", { method: "POST", body: { email }, schema: ok });
export const resetPassword = (body: ResetPasswordBody) =>
  listenRequest("/auth/password/reset", { method: "POST", body, schema: ok });

export const listSessions = (signal?: AbortSignal) =>
  listenList("/auth/sessions", { schema: shapedBy<typeof appSessionListResponseSchema>(), signal });
export const endSession = (id: string) =>
  listenRequest(`/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE", schema: ok });
export const endOtherSessions = () =>
  listenRequest("/auth/sessions/revoke-all", { method: "POST", schema: ok });

export const getMe = (signal?: AbortSignal) => listenRequest("/app/me", { schema: profile, signal });
export const patchMe = (body: PatchProfileBody) =>
  listenRequest("/app/me", { method: "PATCH", body, schema: profile });
export const deleteMe = (password: string) =>
  listenRequest("/app/me", { method: "DELETE", body: { password }, schema: ok });

export const getEntitlement = (signal?: AbortSignal) =>
  listenRequest("/app/entitlement", { schema: shapedBy<typeof entitlementResponseSchema>(), signal });
export const previewCode = (code: string) =>
  listenRequest("/app/redeem/preview", {
    method: "POST",
    body: { code },
    schema: shapedBy<typeof redeemPreviewResponseSchema>(),
  });
/** Takes a free seat of a business through its join link (`/listen/join/<token>`). */
export const joinBusiness = (token: string) =>
  listenRequest(`/app/join/${encodeURIComponent(token)}`, {
    method: "POST",
    schema: shapedBy<typeof appRedeemResponseSchema>(),
  });
/** `confirm`: the listener, entitled already, saw what the code would change and uses it anyway. */
export const redeemCode = (code: string, confirm: boolean) =>
  listenRequest("/app/redeem", {
    method: "POST",
    body: { code, confirm },
    schema: shapedBy<typeof appRedeemResponseSchema>(),
  });

export const listMessages = (cursor?: string, signal?: AbortSignal) =>
  listenList("/app/messages", { query: { cursor }, schema: shapedBy<typeof inboxResponseSchema>(), signal });
export const markMessageRead = (id: string) =>
  listenRequest(`/app/messages/${encodeURIComponent(id)}/read`, { method: "POST", schema: ok });
export const markAllMessagesRead = () =>
  listenRequest("/app/messages/read-all", { method: "POST", schema: ok });
/** The app-wide message (the web shows no update notice: it is always the latest version). */
export const getAppConfig = (signal?: AbortSignal) =>
  listenRequest("/app/config", {
    query: { platform: "android", v_code: 0 },
    schema: shapedBy<typeof appConfigResponseSchema>(),
    signal,
  });

export const meQuery = queryOptions({
  queryKey: listenKeys.me,
  queryFn: ({ signal }) => getMe(signal),
  select: (answer) => answer.data,
  staleTime: 5 * minute,
});

export const entitlementQuery = queryOptions({
  queryKey: listenKeys.entitlement,
  queryFn: ({ signal }) => getEntitlement(signal),
  select: (answer) => answer.data,
});

export const sessionsQuery = queryOptions({
  queryKey: listenKeys.sessions,
  queryFn: ({ signal }) => listSessions(signal),
  select: (list) => list.items,
});

export const messagesQuery = infiniteQueryOptions({
  queryKey: listenKeys.messages,
  queryFn: ({ signal, pageParam }) => listMessages(pageParam, signal),
  ...byCursor,
});

/** What a code would give (and change, for a listener entitled already). */
export const redeemPreviewQuery = (code: string) =>
  queryOptions({
    queryKey: listenKeys.redeemPreview(code),
    queryFn: () => previewCode(code),
    select: (answer) => answer.data,
  });

export const appMessageQuery = queryOptions({
  queryKey: listenKeys.config,
  queryFn: ({ signal }) => getAppConfig(signal),
  select: (answer) => answer.data.message,
  staleTime: 30 * minute,
});

export const useMe = () => useQuery(meQuery);
export const useEntitlement = () => useQuery(entitlementQuery);
export const useSessions = () => useQuery(sessionsQuery);
export const useAppMessage = () => useQuery(appMessageQuery);
