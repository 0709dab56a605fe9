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
import { apiList, apiRequest } from "../../../lib/api-client";

export type { Device } from "@serene/contract";

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
