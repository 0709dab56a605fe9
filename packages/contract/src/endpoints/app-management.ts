import { endpoint } from "../endpoint.ts";

const tags = ["app management"];

export const appManagementEndpoints = {
  currentMessage: endpoint({
    method: "GET",
    path: "/api/v1/user/app-message",
    access: "public",
    tags,
    summary: "The app-wide message (every field null when none)",
    response: { 200: "appMessageResponseSchema" },
  }),
  setMessage: endpoint({
    method: "POST",
    path: "/api/v1/user/app-message",
    access: "staff",
    tags,
    summary:
      'Set or update the app-wide message; answers "Message Broadcasted" when it is active (shown in the app), "Message saved" otherwise',
    body: "appMessageBodySchema",
    response: { 200: "appMessageResponseSchema" },
  }),
  deleteMessage: endpoint({
    method: "POST",
    path: "/api/v1/user/app-message/delete",
    access: "staff",
    tags,
    summary: "Stop the app-wide message",
    body: "idBodySchema",
    response: { 200: "okEnvelopeSchema" },
  }),
  currentVersion: endpoint({
    method: "GET",
    path: "/api/v1/user/app-version",
    access: "public",
    tags,
    summary: "The current app version for a device (its fields empty when none was published)",
    query: "appVersionQuerySchema",
    response: { 200: "appVersionResponseSchema" },
  }),
  versionHistory: endpoint({
    method: "GET",
    path: "/api/v1/user/app-version/history",
    access: "admin",
    tags,
    summary: "Every version published for a device, newest first",
    query: "appVersionQuerySchema",
    response: { 200: "appVersionHistoryResponseSchema" },
  }),
  publishVersion: endpoint({
    method: "POST",
    path: "/api/v1/user/app-version",
    access: "admin",
    tags,
    summary: "Publish a new app version for a device",
    body: "appVersionBodySchema",
    response: { 200: "publishedAppVersionResponseSchema" },
  }),
  platformConfigs: endpoint({
    method: "GET",
    path: "/api/v1/user/app-config",
    access: "admin",
    tags,
    summary: "Per platform: minimum supported version, store URL and latest version",
    description: "What Manage App shows for each platform.",
    response: { 200: "platformConfigListResponseSchema" },
  }),
  setPlatformConfig: endpoint({
    method: "PUT",
    path: "/api/v1/user/app-config/:platform",
    access: "admin",
    tags,
    summary: "Set a platform's minimum supported version and store URL",
    description:
      "Below minSupported the app must update (update status required); the app opens storeUrl to update.",
    params: "platformParamsSchema",
    body: "platformConfigBodySchema",
    response: { 200: "platformConfigResponseSchema" },
  }),
  appConfig: endpoint({
    method: "GET",
    path: "/api/v1/app/config",
    access: "public",
    tags: ["app: config"],
    summary: "App configuration",
    description:
      "The active app message and the update status of this build: required below the minimum supported v_code, optional below the latest, else none.",
    query: "appConfigQuerySchema",
    response: { 200: "appConfigResponseSchema" },
  }),
};
