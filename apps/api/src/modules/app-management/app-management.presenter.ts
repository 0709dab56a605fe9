import type { AppMessage, AppVersion } from "@serene/contract";
import type { MediaUrl } from "../../plugins/types.ts";
import type { AppMessageRow, AppVersionRow } from "./app-management.repository.ts";

export const toAppMessage = (r: AppMessageRow, mediaUrl: MediaUrl): AppMessage => ({
  _id: r.id,
  id: r.id,
  title: r.title,
  message: r.message,
  status: r.status,
  image: mediaUrl(r.imageKey),
  updated_at: r.updatedAt.toISOString(),
});

export const toAppVersion = (r: AppVersionRow): AppVersion => ({
  device: r.device,
  v_code: r.vCode,
  v_name: r.vName,
  updated_at: r.updatedAt.toISOString(),
});
