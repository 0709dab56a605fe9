import {
  NO_APP_MESSAGE,
  appConfigQuerySchema,
  appConfigResponseSchema,
  platformConfigBodySchema,
  platformConfigListResponseSchema,
  platformConfigResponseSchema,
  platformParamsSchema,
  appMessageBodySchema,
  appMessageResponseSchema,
  appVersionBodySchema,
  appVersionHistoryResponseSchema,
  appVersionQuerySchema,
  appVersionResponseSchema,
  noAppVersion,
  publishedAppVersionResponseSchema,
  idBodySchema,
  okEnvelopeSchema,
} from "@serene/contract";
import type { App } from "../../plugins/types.ts";
import { toAppConfig, toAppMessage, toAppVersion, toPlatformConfig } from "./app-management.presenter.ts";
import type { AppManagementService } from "./app-management.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

const deviceName = { android: "Android", ios: "iOS" } as const;

export async function appManagementRoutes(
  app: App,
  { appManagement }: { appManagement: AppManagementService },
) {
  const tags = ["app management"];

  app.get(
    "/app-message",
    {
      // The app reads it too, signed in or not.
      config: { access: "public" },
      schema: {
        tags,
        summary: "The app-wide message (every field null when none)",
        response: { 200: appMessageResponseSchema },
      },
    },
    async (request) => {
      const row = await appManagement.currentMessage();
      return ok("App message", row ? toAppMessage(row, request.mediaUrl) : NO_APP_MESSAGE);
    },
  );

  app.post(
    "/app-message",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary:
          'Set or update the app-wide message; answers "Message Broadcasted" when it is active (shown in the app), "Message saved" otherwise',
        body: appMessageBodySchema,
        response: { 200: appMessageResponseSchema },
      },
    },
    async (request) =>
      ok(
        request.body.status === "active" ? "Message Broadcasted" : "Message saved",
        toAppMessage(
          await appManagement.setMessage(request.auth, request.body, request.origin),
          request.mediaUrl,
        ),
      ),
  );

  app.post(
    "/app-message/delete",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Stop the app-wide message",
        body: idBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await appManagement.deleteMessage(request.auth, request.body.id);
      return ok("Message Deleted");
    },
  );

  app.get(
    "/app-version",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "The current app version for a device (its fields empty when none was published)",
        querystring: appVersionQuerySchema,
        response: { 200: appVersionResponseSchema },
      },
    },
    async (request) => {
      const row = await appManagement.currentVersion(request.query.os);
      return ok("App version", row ? toAppVersion(row) : noAppVersion(request.query.os));
    },
  );

  app.get(
    "/app-version/history",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Every version published for a device, newest first",
        querystring: appVersionQuerySchema,
        response: { 200: appVersionHistoryResponseSchema },
      },
    },
    async (request) => {
      const versions = (await appManagement.versionHistory(request.query.os)).map(toAppVersion);
      return listReply("App version history", versions, { total: versions.length });
    },
  );

  app.post(
    "/app-version",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Publish a new app version for a device",
        body: appVersionBodySchema,
        response: { 200: publishedAppVersionResponseSchema },
      },
    },
    async (request) => {
      const row = await appManagement.publishVersion(request.auth, request.body);
      return ok(`${deviceName[row.device]} App Updated`, toAppVersion(row));
    },
  );

  app.get(
    "/app-config",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Per platform: minimum supported version, store URL and latest version",
        description: "Access: admin. What Manage App shows for each platform.",
        response: { 200: platformConfigListResponseSchema },
      },
    },
    async () => {
      const rows = await appManagement.platformConfigs();
      const data = rows.map(({ platform, config, latest }) => toPlatformConfig(platform, config, latest));
      return listReply("App configuration", data, { total: data.length });
    },
  );

  app.put(
    "/app-config/:platform",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Set a platform's minimum supported version and store URL",
        description:
          "Access: admin. Below minSupported the app must update (update status required); the app opens storeUrl to update.",
        params: platformParamsSchema,
        body: platformConfigBodySchema,
        response: { 200: platformConfigResponseSchema },
      },
    },
    async (request) => {
      const { platform } = request.params;
      const row = await appManagement.setPlatformConfig(request.auth, platform, request.body);
      return ok(
        `${deviceName[platform]} settings saved`,
        toPlatformConfig(platform, row, await appManagement.currentVersion(platform)),
      );
    },
  );
}

/** The app's start-up call (APP-API.md part 2), under /api/v1/app. */
export async function appConfigRoutes(app: App, { appManagement }: { appManagement: AppManagementService }) {
  app.get(
    "/config",
    {
      config: { access: "public" },
      schema: {
        tags: ["app: config"],
        summary: "App configuration",
        description:
          "Access: public. The active app message and the update status of this build: required below the minimum supported v_code, optional below the latest, else none.",
        querystring: appConfigQuerySchema,
        response: { 200: appConfigResponseSchema },
      },
    },
    async (request) => {
      const { platform, v_code } = request.query;
      return ok(
        "App configuration",
        toAppConfig(platform, await appManagement.appConfig(platform, v_code), request.mediaUrl),
      );
    },
  );
}
