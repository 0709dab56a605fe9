import { listenRequest } from "../shared/request";
import type { AppSeries, AppSeriesDetail, Reminders, Today } from "../shared/types";

// The daily habit (APP-API.md part 3): today's pick, series, reminders and Web Push.

export const getToday = (signal?: AbortSignal) => listenRequest<Today>("/app/today", { signal });

export const listSeries = (cursor?: string, signal?: AbortSignal) =>
  listenRequest<AppSeries[], { nextCursor: string | null }>("/app/series", { query: { cursor }, signal });
export const getSeries = (id: string, signal?: AbortSignal) =>
  listenRequest<AppSeriesDetail>(`/app/series/${encodeURIComponent(id)}`, { signal });

export const getReminders = (signal?: AbortSignal) => listenRequest<Reminders>("/app/reminders", { signal });
/** Saves the reminder; the browser's time zone goes with it (the reminder rings at local time). */
export const putReminders = (body: Omit<Reminders, "timeZone"> & { timeZone?: string }) =>
  listenRequest<Reminders>("/app/reminders", { method: "PUT", body });

export const getPushPublicKey = () => listenRequest<{ publicKey: string }>("/app/push/public-key");
export const savePushSubscription = (subscription: {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}) => listenRequest<null>("/app/push/subscriptions", { method: "POST", body: subscription });
export const deletePushSubscription = (endpoint: string) =>
  listenRequest<null>("/app/push/subscriptions", { method: "DELETE", body: { endpoint } });
export const sendTestPush = () =>
  listenRequest<{ sent: number; failed: number }>("/app/push/test", { method: "POST" });
