import { listenRequest } from "../shared/request";
import type { AppSession, Entitlement, Mood, Profile, RedeemPreview } from "../shared/types";

export interface SignupBody {
  email: string;
  password: string;
  username: string;
  ageConfirmed: boolean;
  mood?: Mood;
  interests?: string[];
  code?: string;
}

type SignedIn = { token: string; user: { _id: string; email: string; username: string } };

/** Signs up; the answer sets the session cookie, as sign-in does. */
export const signup = (body: SignupBody) => listenRequest<SignedIn>("/auth/signup", { method: "POST", body });
export const login = (body: { email: string; password: string }) =>
  listenRequest<SignedIn>("/auth/login", { method: "POST", body });
export const logout = () => listenRequest<null>("/auth/logout", { method: "POST" });
export const verifyEmail = (token: string) =>
  listenRequest<{ user: Profile }>("/auth/verify-email", { method: "POST", body: { token } });
export const resendVerification = () => listenRequest<null>("/auth/verify-email/resend", { method: "POST" });
export const forgotPassword = (email: string) =>
  listenRequest<null>("/auth/password/forgot", { method: "POST", body: { email } });
export const resetPassword = (body: { token: string; email?: string; password: string }) =>
  listenRequest<null>("/auth/password/reset", { method: "POST", body });

export const listSessions = (signal?: AbortSignal) =>
  listenRequest<AppSession[], object>("/auth/sessions", { signal });
export const endSession = (id: string) =>
  listenRequest<null>(`/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" });
export const endOtherSessions = () => listenRequest<null>("/auth/sessions/revoke-all", { method: "POST" });

export const getMe = (signal?: AbortSignal) => listenRequest<Profile>("/app/me", { signal });
export type ProfilePatch = Partial<Pick<Profile, "username" | "mood">> & { interests?: string[] };
export const patchMe = (body: ProfilePatch) => listenRequest<Profile>("/app/me", { method: "PATCH", body });
export const deleteMe = (password: string) =>
  listenRequest<null>("/app/me", { method: "DELETE", body: { password } });

export const getEntitlement = (signal?: AbortSignal) =>
  listenRequest<Entitlement>("/app/entitlement", { signal });
export const previewCode = (code: string) =>
  listenRequest<RedeemPreview>("/app/redeem/preview", { method: "POST", body: { code } });
/** Takes a free seat of a business through its join link (`/listen/join/<token>`). */
export const joinBusiness = (token: string) =>
  listenRequest<{ entitlement: Entitlement }>(`/app/join/${encodeURIComponent(token)}`, { method: "POST" });
/** `confirm`: the listener, entitled already, saw what the code would change and uses it anyway. */
export const redeemCode = (code: string, confirm: boolean) =>
  listenRequest<{ entitlement: Entitlement }>("/app/redeem", { method: "POST", body: { code, confirm } });
