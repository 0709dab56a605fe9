import {
  type AppMessageBody,
  type AppVersionBody,
  appMessageResponseSchema,
  appVersionHistoryResponseSchema,
  appVersionResponseSchema,
  type Device,
  publishedAppVersionResponseSchema,
  okEnvelopeSchema,
  type PlatformConfigBody,
  platformConfigListResponseSchema,
  platformConfigResponseSchema,
} from "@serene/contract";
import { useQuery } from "@tanstack/react-query";
import { apiList, apiRequest } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

export type { Device } from "@serene/contract";

// The app-wide message, the published app versions and each platform's update policy.

export const appKeys = {
  version: (os: string) => [...queryKeys.app.versions, os, "current"] as const,
  history: (os: string) => [...queryKeys.app.versions, os, "history"] as const,
  config: [...queryKeys.app.versions, "config"] as const,
};

/** GET /user/app-message: the app-wide message, or its fields all null when there is none. */
export function getAppMessage(signal?: AbortSignal) {
  return apiRequest("/user/app-message", { schema: appMessageResponseSchema, signal });
}

/** POST /user/app-message: sets or updates it. Answers "Message Broadcasted" when active, else "Message saved". */
export function setAppMessage(body: AppMessageBody) {
  return apiRequest("/user/app-message", { method: "POST", body, schema: appMessageResponseSchema });
}

/** POST /user/app-message/delete: stops it. Answers "Message Deleted". */
export function deleteAppMessage(id: string) {
  return apiRequest("/user/app-message/delete", { method: "POST", body: { id }, schema: okEnvelopeSchema });
}

/** GET /user/app-version?os=: the device's current version; `updated_at` is null when none was published. */
export function getAppVersion(os: Device, signal?: AbortSignal) {
  return apiRequest("/user/app-version", { query: { os }, schema: appVersionResponseSchema, signal });
}

/** GET /user/app-version/history?os=: every version published for the device, newest first. */
export function getAppVersionHistory(os: Device, signal?: AbortSignal) {
  return apiList("/user/app-version/history", {
    query: { os },
    schema: appVersionHistoryResponseSchema,
    signal,
  });
}

/** POST /user/app-version: publishes a version. Answers "{device} App Updated". */
export function publishAppVersion(body: AppVersionBody) {
  return apiRequest("/user/app-version", {
    method: "POST",
    body,
    schema: publishedAppVersionResponseSchema,
  });
}

/** GET /user/app-config: per platform, the minimum supported version, store URL and latest version. */
export function getAppConfig(signal?: AbortSignal) {
  return apiList("/user/app-config", { schema: platformConfigListResponseSchema, signal });
}

/** PUT /user/app-config/:platform: below minSupported the app must update from storeUrl. */
export function savePlatformConfig(platform: Device, body: PlatformConfigBody) {
  return apiRequest(`/user/app-config/${platform}`, {
    method: "PUT",
    body,
    schema: platformConfigResponseSchema,
  });
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
