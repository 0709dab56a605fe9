import type { AppMessageBody, AppVersionBody, Device, PlatformConfigBody } from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { useQuery } from "@tanstack/react-query";
import { callEndpoint, callList } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

export type { Device } from "@serene/contract";

// The app-wide message, the published app versions and each platform's update policy.

export const appKeys = {
  version: (os: string) => [...queryKeys.app.versions, os, "current"] as const,
  history: (os: string) => [...queryKeys.app.versions, os, "history"] as const,
  config: [...queryKeys.app.versions, "config"] as const,
};

/** The app-wide message, or its fields all null when there is none. */
export function getAppMessage(signal?: AbortSignal) {
  return callEndpoint(endpoints.appManagement.currentMessage, { signal });
}

/** Sets or updates it. Answers "Message Broadcasted" when active, else "Message saved". */
export function setAppMessage(body: AppMessageBody) {
  return callEndpoint(endpoints.appManagement.setMessage, { body });
}

/** Stops it. Answers "Message Deleted". */
export function deleteAppMessage(id: string) {
  return callEndpoint(endpoints.appManagement.deleteMessage, { body: { id } });
}

/** The device's current version; `updated_at` is null when none was published. */
export function getAppVersion(os: Device, signal?: AbortSignal) {
  return callEndpoint(endpoints.appManagement.currentVersion, { query: { os }, signal });
}

/** Every version published for the device, newest first. */
export function getAppVersionHistory(os: Device, signal?: AbortSignal) {
  return callList(endpoints.appManagement.versionHistory, { query: { os }, signal });
}

/** Publishes a version. Answers "{device} App Updated". */
export function publishAppVersion(body: AppVersionBody) {
  return callEndpoint(endpoints.appManagement.publishVersion, { body });
}

/** Per platform, the minimum supported version, store URL and latest version. */
export function getAppConfig(signal?: AbortSignal) {
  return callList(endpoints.appManagement.platformConfigs, { signal });
}

/** Below minSupported the app must update from storeUrl. */
export function savePlatformConfig(platform: Device, body: PlatformConfigBody) {
  return callEndpoint(endpoints.appManagement.setPlatformConfig, { params: { platform }, body });
}

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
    queryKey: appKeys.version(os),
    queryFn: ({ signal }) => getAppVersion(os, signal),
    select: (answer) => answer.data,
  });
}

export function useAppVersionHistory(os: Device) {
  return useQuery({
    queryKey: appKeys.history(os),
    queryFn: ({ signal }) => getAppVersionHistory(os, signal),
    select: (answer) => answer.items,
  });
}

/** Per platform: minimum supported version and store URL. */
export function useAppConfig() {
  return useQuery({
    queryKey: appKeys.config,
    queryFn: ({ signal }) => getAppConfig(signal),
    select: (answer) => answer.items,
  });
}
