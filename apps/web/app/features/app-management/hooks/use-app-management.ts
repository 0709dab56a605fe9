import { useQuery } from "@tanstack/react-query";
import {
  type Device,
  getAppConfig,
  getAppMessage,
  getAppVersion,
  getAppVersionHistory,
} from "../api/app-management";
import { queryKeys } from "../../../lib/query-keys";

export function useAppMessage() {
  return useQuery({
    queryKey: queryKeys.app.message,
    queryFn: ({ signal }) => getAppMessage(signal),
    // No message comes as null fields (the spec's client reads `data.title`); here it is null.
    select: ({ data }) => (data._id === null ? null : data),
  });
}

export function useAppVersion(os: Device) {
  return useQuery({
    queryKey: queryKeys.app.version(os),
    queryFn: ({ signal }) => getAppVersion(os, signal),
    select: (answer) => answer.data,
  });
}

export function useAppVersionHistory(os: Device) {
  return useQuery({
    queryKey: queryKeys.app.history(os),
    queryFn: ({ signal }) => getAppVersionHistory(os, signal),
    select: (answer) => answer.items,
  });
}

/** Per platform: minimum supported version and store URL. */
export function useAppConfig() {
  return useQuery({
    queryKey: queryKeys.app.config,
    queryFn: ({ signal }) => getAppConfig(signal),
    select: (answer) => answer.items,
  });
}
