import { NO_APP_MESSAGE, noAppVersion, appManagementEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { App } from "../../plugins/types.ts";
import { toAppConfig, toAppMessage, toAppVersion, toPlatformConfig } from "./app-management.presenter.ts";
import type { AppManagementService } from "./app-management.service.ts";
import { listReply, ok } from "../../lib/reply.ts";

const deviceName = { android: "Android", ios: "iOS" } as const;

export async function appManagementRoutes(
  app: App,
  { appManagement }: { appManagement: AppManagementService },
) {
  route(app, appManagementEndpoints.currentMessage, async (request) => {
    const row = await appManagement.currentMessage();
    return ok("App message", row ? toAppMessage(row, request.mediaUrl) : NO_APP_MESSAGE);
  });

  route(app, appManagementEndpoints.setMessage, async (request) =>
    ok(
      request.body.status === "active" ? "Message Broadcasted" : "Message saved",
      toAppMessage(
        await appManagement.setMessage(request.auth, request.body, request.origin),
        request.mediaUrl,
      ),
    ),
  );

  route(app, appManagementEndpoints.deleteMessage, async (request) => {
    await appManagement.deleteMessage(request.auth, request.body.id);
    return ok("Message Deleted");
  });

  route(app, appManagementEndpoints.currentVersion, async (request) => {
    const row = await appManagement.currentVersion(request.query.os);
    return ok("App version", row ? toAppVersion(row) : noAppVersion(request.query.os));
  });

  route(app, appManagementEndpoints.versionHistory, async (request) => {
    const versions = (await appManagement.versionHistory(request.query.os)).map(toAppVersion);
    return listReply("App version history", versions, { total: versions.length });
  });

  route(app, appManagementEndpoints.publishVersion, async (request) => {
    const row = await appManagement.publishVersion(request.auth, request.body);
    return ok(`${deviceName[row.device]} App Updated`, toAppVersion(row));
  });

  route(app, appManagementEndpoints.platformConfigs, async () => {
    const rows = await appManagement.platformConfigs();
    const data = rows.map(({ platform, config, latest }) => toPlatformConfig(platform, config, latest));
    return listReply("App configuration", data, { total: data.length });
  });

  route(app, appManagementEndpoints.setPlatformConfig, async (request) => {
    const { platform } = request.params;
    const row = await appManagement.setPlatformConfig(request.auth, platform, request.body);
    return ok(
      `${deviceName[platform]} settings saved`,
      toPlatformConfig(platform, row, await appManagement.currentVersion(platform)),
    );
  });
}

/** The app's start-up call (APP-API.md part 2), under /api/v1/app. */
export async function appConfigRoutes(app: App, { appManagement }: { appManagement: AppManagementService }) {
  route(app, appManagementEndpoints.appConfig, async (request) => {
    const { platform, v_code } = request.query;
    return ok(
      "App configuration",
      toAppConfig(platform, await appManagement.appConfig(platform, v_code), request.mediaUrl),
    );
  });
}
