import type { AppConfig, AppMessage, AppVersion, PlatformConfig, UpdateStatus } from "@serene/contract";
import type { MediaUrl } from "../../plugins/types.ts";
import type { AppMessageRow, AppVersionRow, PlatformConfigRow } from "./app-management.repository.ts";
import { iso } from "../../lib/iso.ts";

export const toAppMessage = (r: AppMessageRow, mediaUrl: MediaUrl): AppMessage => ({
  _id: r.id,
  id: r.id,
  title: r.title,
  message: r.message,
  status: r.status,
  image: mediaUrl(r.imageKey),
  updated_at: iso(r.updatedAt),
});

export const toAppVersion = (r: AppVersionRow): AppVersion => ({
  device: r.device,
  v_code: r.vCode,
  v_name: r.vName,
  updated_at: iso(r.updatedAt),
});

export const toPlatformConfig = (
  platform: AppVersionRow["device"],
  config: PlatformConfigRow | undefined,
  latest: AppVersionRow | undefined,
): PlatformConfig => ({
  platform,
  minSupported: config?.minSupportedVCode == null ? null : String(config.minSupportedVCode),
  storeUrl: config?.storeUrl ?? null,
  latest: latest ? { v_code: latest.vCode, v_name: latest.vName } : null,
});

/** The app's start-up answer: the active message and this build's update status. */
export function toAppConfig(
  platform: AppVersionRow["device"],
  found: {
    message: AppMessageRow | null | undefined;
    latest: AppVersionRow | undefined;
    config: PlatformConfigRow | undefined;
    status: UpdateStatus;
  },
  mediaUrl: MediaUrl,
): AppConfig {
  const { message, latest, config, status } = found;
  const { minSupported, storeUrl } = toPlatformConfig(platform, config, latest);
  return {
    message: message
      ? {
          _id: message.id,
          title: message.title,
          message: message.message,
          image: mediaUrl(message.imageKey),
          status: message.status,
        }
      : null,
    update: {
      status,
      latest: latest ? { v_code: latest.vCode, v_name: latest.vName } : null,
      minSupported: minSupported === null ? null : { v_code: minSupported },
      storeUrl,
    },
  };
}
