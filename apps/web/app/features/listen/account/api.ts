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
import { byCursor } from "../../../lib/cursor-list";
import { listenList, listenRequest } from "../shared/request";
import { useAfterFirstPaint } from "../shared/after-first-paint";

// The listener's account (APP-API.md parts 1 and 2): sign-up and sign-in, the profile, the
// entitlement and codes, the devices signed in, the inbox and the app-wide message.

const minute = 60_000;

/** Signs up; the answer sets the session cookie, as sign-in does. */
export const signup = (body: SignupBody) =>
  listenRequest<typeof loginResponseSchema>("/auth/signup", { method: "POST", body });
export const login = (body: LoginBody) =>
  listenRequest<typeof loginResponseSchema>("/auth/login", { method: "POST", body });
export const logout = () => listenRequest<typeof okEnvelopeSchema>("/auth/logout", { method: "POST" });
export const verifyEmail = (token: string) =>
  listenRequest<typeof verifyEmailResponseSchema>("/auth/verify-email", {
    method: "POST",
    body: { token },
  });
export const resendVerification = () =>
  listenRequest<typeof okEnvelopeSchema>("/auth/verify-email/resend", { method: "POST" });
export const forgotPassword = (email: string) =>
  listenRequest<typeof okEnvelopeSchema>("/auth/password/forgot", { method: "POST", body: { email } });
export const resetPassword = (body: ResetPasswordBody) =>
  listenRequest<typeof okEnvelopeSchema>("/auth/password/reset", { method: "POST", body });

export const listSessions = (signal?: AbortSignal) =>
  listenList<typeof appSessionListResponseSchema>("/auth/sessions", { signal });
export const endSession = (id: string) =>
  listenRequest<typeof okEnvelopeSchema>(`/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
export const endOtherSessions = () =>
  listenRequest<typeof okEnvelopeSchema>("/auth/sessions/revoke-all", { method: "POST" });

export const getMe = (signal?: AbortSignal) =>
  listenRequest<typeof profileResponseSchema>("/app/me", { signal });
export const patchMe = (body: PatchProfileBody) =>
  listenRequest<typeof profileResponseSchema>("/app/me", { method: "PATCH", body });
export const deleteMe = (password: string) =>
  listenRequest<typeof okEnvelopeSchema>("/app/me", { method: "DELETE", body: { password } });

export const getEntitlement = (signal?: AbortSignal) =>
  listenRequest<typeof entitlementResponseSchema>("/app/entitlement", { signal });
export const previewCode = (code: string) =>
  listenRequest<typeof redeemPreviewResponseSchema>("/app/redeem/preview", {
    method: "POST",
    body: { code },
  });
/** Takes a free seat of a business through its join link (`/listen/join/<token>`). */
export const joinBusiness = (token: string) =>
  listenRequest<typeof appRedeemResponseSchema>(`/app/join/${encodeURIComponent(token)}`, {
    method: "POST",
  });
/** `confirm`: the listener, entitled already, saw what the code would change and uses it anyway. */
export const redeemCode = (code: string, confirm: boolean) =>
  listenRequest<typeof appRedeemResponseSchema>("/app/redeem", {
    method: "POST",
    body: { code, confirm },
  });

export const listMessages = (cursor?: string, signal?: AbortSignal) =>
  listenList<typeof inboxResponseSchema>("/app/messages", { query: { cursor }, signal });
export const markMessageRead = (id: string) =>
  listenRequest<typeof okEnvelopeSchema>(`/app/messages/${encodeURIComponent(id)}/read`, { method: "POST" });
export const markAllMessagesRead = () =>
  listenRequest<typeof okEnvelopeSchema>("/app/messages/read-all", { method: "POST" });
/** The app-wide message (the web shows no update notice: it is always the latest version). */
export const getAppConfig = (signal?: AbortSignal) =>
  listenRequest<typeof appConfigResponseSchema>("/app/config", {
    query: { platform: "android", v_code: 0 },
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
export const useAppMessage = () => useQuery({ ...appMessageQuery, enabled: useAfterFirstPaint() });
