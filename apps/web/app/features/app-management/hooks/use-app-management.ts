import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { activityKeys } from "../../activity/hooks/use-activity";
import {
  type Device,
  getAppConfig,
  getAppMessage,
  getAppVersion,
  getAppVersionHistory,
} from "../api/app-management";

export const appKeys = {
  message: ["app", "message"] as const,
  versions: ["app", "versions"] as const,
  version: (os: Device) => ["app", "versions", os, "current"] as const,
  history: (os: Device) => ["app", "versions", os, "history"] as const,
  config: ["app", "versions", "config"] as const,
};

export function useAppMessage() {
  return useQuery({
    queryKey: appKeys.message,
    queryFn: ({ signal }) => getAppMessage(signal),
    select: (answer) => answer.data,
  });
}

export function useAppVersion(os: Device) {
  return useQuery({
    queryKey: appKeys.version(os),
    queryFn: ({ signal }) => getAppVersion(os, signal),
    select: (answer) => answer.data,
  });
}

export function useAppVersionHistory(os: Device) {
  return useQuery({
    queryKey: appKeys.history(os),
    queryFn: ({ signal }) => getAppVersionHistory(os, signal),
    select: (answer) => answer.data.data,
  });
}

/** Per platform: minimum supported version and store URL. */
export function useAppConfig() {
  return useQuery({
    queryKey: appKeys.config,
    queryFn: ({ signal }) => getAppConfig(signal),
    select: (answer) => answer.data,
  });
}

/** After a write: the message or the versions, and the activity log. */
export function useRefreshApp() {
  const queryClient = useQueryClient();
  return useCallback(
    (part: "message" | "versions") =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appKeys[part] }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]),
    [queryClient],
  );
}
