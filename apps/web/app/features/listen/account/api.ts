import type { LoginBody, PatchProfileBody, ResetPasswordBody, SignupBody } from "@serene/contract";
import {
  accountsEndpoints,
  appManagementEndpoints,
  authEndpoints,
  entitlementEndpoints,
  messagesEndpoints,
} from "@serene/contract/endpoints";
import { infiniteQueryOptions, queryOptions, useQuery } from "@tanstack/react-query";
import { byCursor } from "../../../lib/cursor-list";
import { useAfterFirstPaint } from "../../../lib/after-first-paint";
import { listenKeys } from "../shared/listen-query-client";
import { listenCall, listenList } from "../shared/request";

// The listener's account (APP-API.md parts 1 and 2): sign-up and sign-in, the profile, the
// entitlement and codes, the devices signed in, the inbox and the app-wide message.

const minute = 60_000;

/** Signs up; the answer sets the session cookie, as sign-in does. */
export const signup = (body: SignupBody) => listenCall(accountsEndpoints.signup, { body });
export const login = (body: LoginBody) => listenCall(authEndpoints.login, { body });
export const logout = () => listenCall(authEndpoints.logout, {});
export const verifyEmail = (token: string) => listenCall(accountsEndpoints.verifyEmail, { body: { token } });
export const resendVerification = () => listenCall(accountsEndpoints.resendVerification, {});
export const forgotPassword = (email: string) =>
  listenCall(accountsEndpoints.forgotPassword, { body: { email } });
export const resetPassword = (body: ResetPasswordBody) =>
  listenCall(accountsEndpoints.resetPassword, { body });

export const listSessions = (signal?: AbortSignal) => listenList(accountsEndpoints.sessions, { signal });
export const endSession = (id: string) => listenCall(accountsEndpoints.endSession, { params: { id } });
export const endOtherSessions = () => listenCall(accountsEndpoints.revokeOthers, {});

export const getMe = (signal?: AbortSignal) => listenCall(accountsEndpoints.profile, { signal });
export const patchMe = (body: PatchProfileBody) => listenCall(accountsEndpoints.updateProfile, { body });
export const deleteMe = (password: string) =>
  listenCall(accountsEndpoints.deleteAccount, { body: { password } });

export const getEntitlement = (signal?: AbortSignal) => listenCall(entitlementEndpoints.get, { signal });
export const previewCode = (code: string) => listenCall(entitlementEndpoints.preview, { body: { code } });
/** Takes a free seat of a business through its join link (`/listen/join/<token>`). */
export const joinBusiness = (token: string) => listenCall(entitlementEndpoints.join, { params: { token } });
/** `confirm`: the listener, entitled already, saw what the code would change and uses it anyway. */
export const redeemCode = (code: string, confirm: boolean) =>
  listenCall(entitlementEndpoints.redeem, { body: { code, confirm } });

export const listMessages = (cursor?: string, signal?: AbortSignal) =>
  listenList(messagesEndpoints.inbox, { query: { cursor }, signal });
export const markMessageRead = (id: string) => listenCall(messagesEndpoints.markRead, { params: { id } });
export const markAllMessagesRead = () => listenCall(messagesEndpoints.markAllRead, {});
/** The app-wide message (the web shows no update notice: it is always the latest version). */
export const getAppConfig = (signal?: AbortSignal) =>
  listenCall(appManagementEndpoints.appConfig, { query: { platform: "android", v_code: 0 }, signal });

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
