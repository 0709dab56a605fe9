import type { BackOfficeSettings, InviteStaffBody, StaffRole } from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { useQuery } from "@tanstack/react-query";
import { callEndpoint, callList } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

// The back office's staff (admins and editors), its settings and your two-factor sign-in.

export const staffKeys = {
  list: [...queryKeys.staff.all, "list"] as const,
  settings: [...queryKeys.staff.all, "settings"] as const,
  twoFactor: [...queryKeys.staff.all, "two-factor"] as const,
};

/** Every admin and editor. */
export function useStaff() {
  return useQuery({
    queryKey: staffKeys.list,
    queryFn: ({ signal }) => callList(endpoints.staff.list, { signal }),
  });
}

export const inviteStaff = (body: InviteStaffBody) => callEndpoint(endpoints.staff.invite, { body });

export const setStaffRole = (id: string, role: StaffRole) =>
  callEndpoint(endpoints.staff.setRole, { params: { id }, body: { role } });

export const removeStaff = (id: string) => callEndpoint(endpoints.staff.remove, { params: { id } });

/** The back office's settings (admins). */
export function useBackOfficeSettings(enabled = true) {
  return useQuery({
    queryKey: staffKeys.settings,
    queryFn: ({ signal }) => callEndpoint(endpoints.staff.settings, { signal }),
    select: (answer) => answer.data,
    enabled,
  });
}

export const saveBackOfficeSettings = (body: BackOfficeSettings) =>
  callEndpoint(endpoints.staff.saveSettings, { body });

/** Your two-factor sign-in (on, required now, recovery codes left). */
export function useTwoFactor() {
  return useQuery({
    queryKey: staffKeys.twoFactor,
    queryFn: ({ signal }) => callEndpoint(endpoints.auth.twoFactorStatus, { signal }),
    select: (answer) => answer.data,
  });
}

export const startTwoFactorSetup = () => callEndpoint(endpoints.auth.startTwoFactorSetup, {});

export const enableTwoFactor = (code: string) =>
  callEndpoint(endpoints.auth.enableTwoFactor, { body: { code } });

export const disableTwoFactor = (code: string) =>
  callEndpoint(endpoints.auth.disableTwoFactor, { body: { code } });

/** With an invitation's token: the invited account's first password. */
export const setPassword = (token: string, password: string) =>
  callEndpoint(endpoints.accounts.resetPassword, {
    body: { token, password },
    redirectOnUnauthorized: false,
  });
