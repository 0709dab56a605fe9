import {
  type AppMessage,
  NO_APP_MESSAGE,
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
import type { MediaUrl } from "../../plugins/types.ts";
import {
  type AppMessageRow,
  type AppVersionRow,
  appVersionHistory,
  currentAppMessage,
  latestAppVersion,
} from "./app-management.repository.ts";
import type { AppManagementService } from "./app-management.service.ts";

const toAppMessage = (r: AppMessageRow, mediaUrl: MediaUrl): AppMessage => ({
  _id: r.id,
  id: r.id,
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
        summary: "The app-wide message (every field null when none)",
        response: { 200: appMessageResponseSchema },
      },
    },
    async (request) => {
      const row = await currentAppMessage(db);
      return {
        status: true as const,
        message: "App message",
        data: row ? toAppMessage(row, request.mediaUrl) : NO_APP_MESSAGE,
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
    async (request) => {
      const versions = (await appVersionHistory(db, request.query.os, 50)).map(toAppVersion);
      return listReply("App version history", versions, { total: versions.length });
    },
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
}
