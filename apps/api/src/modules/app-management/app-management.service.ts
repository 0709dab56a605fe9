import type { AppVersionInput } from "@serene/contract";
import type { z } from "zod";
import type { appMessageBodySchema } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/errors.ts";
import { type Actor, recordActivity } from "../activity/index.ts";
import type { MediaService } from "../media/index.ts";
import {
  appVersionHistory,
  currentAppMessage,
  type Device,
  deleteAppMessage,
  insertAppMessage,
  insertAppVersion,
  latestAppVersion,
  updateAppMessage,
} from "./app-management.repository.ts";

/** How many published versions a device's history shows. */
const HISTORY_LENGTH = 50;

export function createAppManagementService(db: Db, media: MediaService) {
  return {
    /** The app-wide message, if one is set. */
    currentMessage: () => currentAppMessage(db),
    /** The newest version published for a device, if any. */
    currentVersion: (device: Device) => latestAppVersion(db, device),
    /** The versions published for a device, newest first. */
    versionHistory: (device: Device) => appVersionHistory(db, device, HISTORY_LENGTH),

    /** Sets the app-wide message (creating it, or updating the one there is); a replaced image is removed. */
    async setMessage(actor: Actor, body: z.output<typeof appMessageBodySchema>, origin: string) {
      const current = await currentAppMessage(db);
      const imageKey =
        body.image === undefined
          ? current?.imageKey
          : body.image === null
            ? null
            : await media.keyFor(body.image, "image", "image", origin);
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
        await recordActivity(tx, actor, "app_message.set", "app_message", saved.id, { status: body.status });
        return saved;
      });
      if (current?.imageKey && current.imageKey !== row.imageKey) await media.discard([current.imageKey]);
      return row;
    },

    async deleteMessage(actor: Actor, id: string) {
      const gone = await db.transaction(async (tx) => {
        const row = await deleteAppMessage(tx, id);
        if (!row) throw notFound("App message");
        await recordActivity(tx, actor, "app_message.delete", "app_message", id);
        return row;
      });
      await media.discard([gone.imageKey]);
    },

    /** Publishes a new version for a device; earlier ones stay as its history. */
    async publishVersion(actor: Actor, body: AppVersionInput) {
      return db.transaction(async (tx) => {
        const row = await insertAppVersion(tx, {
          device: body.device,
          vCode: body.v_code,
          vName: body.v_name,
          updatedBy: actor.userId,
        });
        await recordActivity(tx, actor, "app_version.publish", "app_version", row.id, {
          device: body.device,
          v_name: body.v_name,
          v_code: body.v_code,
        });
        return row;
      });
    },
  };
}

export type AppManagementService = ReturnType<typeof createAppManagementService>;
