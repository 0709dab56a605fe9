import { type AppVersionInput, devices, type PlatformConfigBody, type UpdateStatus } from "@serene/contract";
import type { z } from "zod";
import type { appMessageBodySchema } from "@serene/contract";
import { type ChangeNotices, NoticedCache } from "../../db/change-notices.ts";
import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { type Actor, recordActivity } from "../activity/index.ts";
import type { MediaService } from "../media/index.ts";
import {
  appVersionHistory,
  type AppMessageRow,
  currentAppMessage,
  type Device,
  findPlatformConfig,
  deleteAppMessage,
  insertAppMessage,
  insertAppVersion,
  latestAppVersion,
  savePlatformConfig,
  updateAppMessage,
} from "./app-management.repository.ts";

/** How many published versions a device's history shows. */
const HISTORY_LENGTH = 50;

export function createAppManagementService(db: Db, media: MediaService, changes: ChangeNotices) {
  // Every app asks for it (GET /app-message) and it seldom changes: kept until the database says it did.
  const message = new NoticedCache<AppMessageRow | null>(changes, { topic: "app_message", max: 1 });
  return {
    /** The app-wide message, if one is set. */
    currentMessage: async () =>
      (await message.get("current", async () => (await currentAppMessage(db)) ?? null)) ?? undefined,
    /** The newest version published for a device, if any. */
    currentVersion: (device: Device) => latestAppVersion(db, device),
    /** The versions published for a device, newest first. */
    versionHistory: (device: Device) => appVersionHistory(db, device, HISTORY_LENGTH),

    /** Sets the app-wide message (creating it, or updating the one there is); a replaced image is removed. */
    async setMessage(actor: AuthContext, body: z.output<typeof appMessageBodySchema>, origin: string) {
      const current = await currentAppMessage(db);
      const imageKey =
        body.image === undefined
          ? current?.imageKey
          : body.image === null
            ? null
            : await media.keyFor(body.image, "image", "image", {
                origin,
                by: actor,
                current: current?.imageKey,
              });
      const values = {
        title: body.title,
        message: body.message,
        status: body.status,
        imageKey,
        updatedAt: new Date(),
      };
      const row = await db.transaction(async (tx) => {
        const saved = current
          ? await updateAppMessage(tx, current.id, values)
          : await insertAppMessage(tx, { ...values, createdBy: actor.userId });
        await recordActivity(
          tx,
          actor,
          "app_message.set",
          "app_message",
          saved.id,
          { status: body.status },
          { before: current ?? null, after: saved },
        );
        return saved;
      });
      if (current?.imageKey && current.imageKey !== row.imageKey) await media.discard([current.imageKey]);
      return row;
    },

    async deleteMessage(actor: Actor, id: string) {
      const gone = await db.transaction(async (tx) => {
        const row = await deleteAppMessage(tx, id);
        if (!row) throw notFound("App message");
        await recordActivity(tx, actor, "app_message.delete", "app_message", id, undefined, { before: row });
        return row;
      });
      await media.discard([gone.imageKey]);
    },

    /**
     * Publishes a new version for a device; earlier ones stay as its history. A lower v_code than
     * the current one, or the current v_code with another name, is refused (409
     * version_not_newer); the current version sent again is accepted and changes nothing.
     */
    async publishVersion(actor: Actor, body: AppVersionInput) {
      const current = await latestAppVersion(db, body.device);
      if (current) {
        const code = Number(body.v_code);
        const currentCode = Number(current.vCode);
        if (code === currentCode && body.v_name === current.vName) return current;
        if (code < currentCode)
          throw new AppError(
            "version_not_newer",
            `V-CODE ${body.v_code} is lower than the current ${current.vCode} (${current.vName})`,
          );
        if (code === currentCode)
          throw new AppError(
            "version_not_newer",
            `V-CODE ${body.v_code} is already published as ${current.vName}: give the new version a higher V-CODE`,
          );
      }
      return db.transaction(async (tx) => {
        const row = await insertAppVersion(tx, {
          device: body.device,
          vCode: body.v_code,
          vName: body.v_name,
          updatedBy: actor.userId,
        });
        await recordActivity(
          tx,
          actor,
          "app_version.publish",
          "app_version",
          row.id,
          {
            device: body.device,
            v_name: body.v_name,
            v_code: body.v_code,
          },
          { before: current ?? null, after: row },
        );
        return row;
      });
    },

    /** Each platform's settings with its latest version, as Manage App shows them. */
    platformConfigs: () =>
      Promise.all(
        devices.map(async (platform) => ({
          platform,
          config: await findPlatformConfig(db, platform),
          latest: await latestAppVersion(db, platform),
        })),
      ),

    /** Per platform: the oldest supported v_code and the store URL (null clears either). */
    async setPlatformConfig(actor: Actor, platform: Device, body: PlatformConfigBody) {
      return db.transaction(async (tx) => {
        const before = await findPlatformConfig(tx, platform);
        const row = await savePlatformConfig(tx, {
          platform,
          minSupportedVCode: body.minSupported === null ? null : Number(body.minSupported),
          storeUrl: body.storeUrl,
          updatedBy: actor.userId,
        });
        await recordActivity(
          tx,
          actor,
          "app_config.set",
          "app_version",
          null,
          {
            platform,
            minSupported: body.minSupported,
            storeUrl: body.storeUrl,
          },
          { before: before ?? null, after: row },
        );
        return row;
      });
    },

    /** What the app learns at start: the active message and whether it must, may or need not update. */
    async appConfig(platform: Device, vCode: number) {
      const [message, latest, config] = await Promise.all([
        currentAppMessage(db),
        latestAppVersion(db, platform),
        findPlatformConfig(db, platform),
      ]);
      const min = config?.minSupportedVCode ?? null;
      const status: UpdateStatus =
        min !== null && vCode < min
          ? "required"
          : latest && vCode < Number(latest.vCode)
            ? "optional"
            : "none";
      return { message: message?.status === "active" ? message : null, latest, config, status };
    },
  };
}

export type AppManagementService = ReturnType<typeof createAppManagementService>;
