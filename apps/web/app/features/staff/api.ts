import {
  backOfficeSettingsResponseSchema,
  type BackOfficeSettings,
  type InviteStaffBody,
  okEnvelopeSchema,
  recoveryCodesResponseSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  type StaffRole,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from "@serene/contract";
import { useQuery } from "@tanstack/react-query";
import { apiList, apiRequest } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

export const staffKeys = {
  list: [...queryKeys.staff.all, "list"] as const,
  settings: [...queryKeys.staff.all, "settings"] as const,
  twoFactor: [...queryKeys.staff.all, "two-factor"] as const,
};

/** GET /user/admins: every admin and editor. */
export function useStaff() {
  return useQuery({
    queryKey: staffKeys.list,
    queryFn: ({ signal }) => apiList("/user/admins", { schema: staffListResponseSchema, signal }),
  });
}

export const inviteStaff = (body: InviteStaffBody) =>
  apiRequest("/user/admins", { method: "POST", body, schema: staffMemberResponseSchema });

export const setStaffRole = (id: string, role: StaffRole) =>
  apiRequest(`/user/admins/${id}`, { method: "PATCH", body: { role }, schema: staffMemberResponseSchema });

export const removeStaff = (id: string) =>
  apiRequest(`/user/admins/${id}`, { method: "DELETE", schema: okEnvelopeSchema });

/** GET /user/back-office-settings (admins). */
export function useBackOfficeSettings(enabled = true) {
  return useQuery({
    queryKey: staffKeys.settings,
    queryFn: ({ signal }) =>
      apiRequest("/user/back-office-settings", { schema: backOfficeSettingsResponseSchema, signal }),
    select: (answer) => answer.data,
    enabled,
  });
}

export const saveBackOfficeSettings = (body: BackOfficeSettings) =>
  apiRequest("/user/back-office-settings", { method: "PUT", body, schema: backOfficeSettingsResponseSchema });

/** GET /auth/two-factor: your two-factor sign-in (on, required now, recovery codes left). */
export function useTwoFactor() {
  return useQuery({
    queryKey: staffKeys.twoFactor,
    queryFn: ({ signal }) =>
      apiRequest("/auth/two-factor", { schema: twoFactorStatusResponseSchema, signal }),
    select: (answer) => answer.data,
  });
}

export const startTwoFactorSetup = () =>
  apiRequest("/auth/two-factor/setup", { method: "POST", schema: twoFactorSetupResponseSchema });

export const enableTwoFactor = (code: string) =>
  apiRequest("/auth/two-factor/enable", {
    method: "POST",
    body: { code },
    schema: recoveryCodesResponseSchema,
  });

export const disableTwoFactor = (code: string) =>
  apiRequest("/auth/two-factor/disable", { method: "POST", body: { code }, schema: okEnvelopeSchema });

/** POST /auth/password/reset with an invitation's token: the invited account's first password. */
export const setPassword = (token: string, password: string) =>
  apiRequest("/auth/password/reset", {
    method: "POST",
    body: { token, password },
    schema: okEnvelopeSchema,
    redirectOnUnauthorized: false,
  });
