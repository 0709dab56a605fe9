import {
  appConfigQuerySchema,
  appConfigResponseSchema,
  type PlatformConfig,
  platformConfigBodySchema,
  platformConfigListResponseSchema,
  platformConfigResponseSchema,
  platformParamsSchema,
  devices,
  type AppMessage,
  type AppVersion,
  appMessageBodySchema,
  appMessageResponseSchema,
  appVersionBodySchema,
  appVersionHistoryResponseSchema,
  appVersionQuerySchema,
  appVersionResponseSchema,
  idBodySchema,
  okEnvelopeSchema,
} from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { listReply } from "../../lib/paging.ts";
import type { App } from "../../plugins/types.ts";
import type { MediaUrl } from "../media/storage.ts";
import {
  type AppMessageRow,
  type AppVersionRow,
  appVersionHistory,
  currentAppMessage,
  findPlatformConfig,
  latestAppVersion,
  type PlatformConfigRow,
} from "./app-management.repository.ts";
import type { AppManagementService } from "./app-management.service.ts";

const toAppMessage = (r: AppMessageRow, mediaUrl: MediaUrl): AppMessage => ({
  _id: r.id,
  title: r.title,
  message: r.message,
  status: r.status,
  image: mediaUrl(r.imageKey),
  updated_at: r.updatedAt.toISOString(),
});

const toAppVersion = (r: AppVersionRow): AppVersion => ({
  device: r.device,
  v_code: r.vCode,
  v_name: r.vName,
  updated_at: r.updatedAt.toISOString(),
});

const toPlatformConfig = (
  platform: AppVersionRow["device"],
  config: PlatformConfigRow | undefined,
  latest: AppVersionRow | undefined,
): PlatformConfig => ({
  platform,
  minSupported: config?.minSupportedVCode == null ? null : String(config.minSupportedVCode),
  storeUrl: config?.storeUrl ?? null,
  latest: latest ? { v_code: latest.vCode, v_name: latest.vName } : null,
});

const deviceName = { android: "Android", ios: "iOS" } as const;

export async function appManagementRoutes(
  app: App,
  { db, appManagement }: { db: Db; appManagement: AppManagementService },
) {
  const tags = ["app management"];

  app.get(
    "/app-message",
    {
      // The app reads it too, signed in or not.
      config: { access: "public" },
      schema: {
        tags,
        summary: "The app-wide message (null when none)",
        response: { 200: appMessageResponseSchema },
      },
    },
    async (request) => {
      const row = await currentAppMessage(db);
      return {
        status: true as const,
        message: "App message",
        data: row ? toAppMessage(row, request.mediaUrl) : null,
      };
    },
  );

  app.post(
    "/app-message",
    {
      schema: {
        tags,
        summary: "Set or update the app-wide message",
        body: appMessageBodySchema,
        response: { 200: appMessageResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: "Message Broadcasted",
      data: toAppMessage(
        await appManagement.setMessage(request.auth!, request.body, request.origin),
        request.mediaUrl,
      ),
    }),
  );

  app.post(
    "/app-message/delete",
    {
      schema: {
        tags,
        summary: "Stop the app-wide message",
        body: idBodySchema,
        response: { 200: okEnvelopeSchema },
      },
    },
    async (request) => {
      await appManagement.deleteMessage(request.auth!, request.body.id);
      return { status: true as const, message: "Message Deleted" };
    },
  );

  app.get(
    "/app-version",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "The current app version for a device (null when none was published)",
        querystring: appVersionQuerySchema,
        response: { 200: appVersionResponseSchema },
      },
    },
    async (request) => {
      const row = await latestAppVersion(db, request.query.os);
      return { status: true as const, message: "App version", data: row ? toAppVersion(row) : null };
    },
  );

  app.get(
    "/app-version/history",
    {
      schema: {
        tags,
        summary: "Every version published for a device, newest first",
        querystring: appVersionQuerySchema,
        response: { 200: appVersionHistoryResponseSchema },
      },
    },
    async (request) => ({
      status: true as const,
      message: "App version history",
      data: { data: (await appVersionHistory(db, request.query.os, 50)).map(toAppVersion) },
    }),
  );

  app.post(
    "/app-version",
    {
      schema: {
        tags,
        summary: "Publish a new app version for a device",
        body: appVersionBodySchema,
        response: { 200: appVersionResponseSchema },
      },
    },
    async (request) => {
      const row = await appManagement.publishVersion(request.auth!, request.body);
      return {
        status: true as const,
        message: `${deviceName[row.device]} App Updated`,
        data: toAppVersion(row),
      };
    },
  );

  app.get(
    "/app-config",
    {
      schema: {
        tags,
        summary: "Per platform: minimum supported version, store URL and latest version",
        description: "Access: admin. What Manage App shows for each platform.",
        response: { 200: platformConfigListResponseSchema },
      },
    },
    async () => {
      const rows = await Promise.all(
        devices.map(async (d) =>
          toPlatformConfig(d, await findPlatformConfig(db, d), await latestAppVersion(db, d)),
        ),
      );
      return listReply("App configuration", rows, {});
    },
  );

  app.put(
    "/app-config/:platform",
    {
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
      const row = await appManagement.setPlatformConfig(request.auth!, platform, request.body);
      return {
        status: true as const,
        message: `${deviceName[platform]} settings saved`,
        data: toPlatformConfig(platform, row, await latestAppVersion(db, platform)),
      };
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
      const { message, latest, config, status } = await appManagement.appConfig(platform, v_code);
      const { minSupported, storeUrl } = toPlatformConfig(platform, config, latest);
      return {
        status: true as const,
        message: "App configuration",
        data: {
          message: message
            ? {
                _id: message.id,
                title: message.title,
                message: message.message,
                image: request.mediaUrl(message.imageKey),
                status: message.status,
              }
            : null,
          update: {
            status,
            latest: latest ? { v_code: latest.vCode, v_name: latest.vName } : null,
            minSupported: minSupported === null ? null : { v_code: minSupported },
            storeUrl,
          },
        },
      };
    },
  );
}
