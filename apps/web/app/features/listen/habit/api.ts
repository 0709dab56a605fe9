import { listenKeys } from "../shared/listen-query-client";
import type {
  appSeriesResponseSchema,
  okEnvelopeSchema,
  PushSubscriptionBody,
  pushPublicKeyResponseSchema,
  pushTestResponseSchema,
  PutRemindersBody,
  remindersResponseSchema,
  todayResponseSchema,
} from "@serene/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { shapedBy } from "../../../lib/api-client";
import { justRead, listenRequest } from "../shared/request";

// The daily habit (APP-API.md part 3): today's pick, series, reminders and Web Push.

const ok = shapedBy<typeof okEnvelopeSchema>();
const reminders = shapedBy<typeof remindersResponseSchema>();

export const getToday = (signal?: AbortSignal) =>
  listenRequest("/app/today", { schema: shapedBy<typeof todayResponseSchema>(), signal });

export const getSeries = (id: string, signal?: AbortSignal) =>
  listenRequest(`/app/series/${encodeURIComponent(id)}`, {
    schema: shapedBy<typeof appSeriesResponseSchema>(),
    signal,
  });

export const getReminders = (signal?: AbortSignal) =>
  listenRequest("/app/reminders", { schema: reminders, signal });
/** Saves the reminder; the browser's time zone goes with it (the reminder rings at local time). */
export const putReminders = (body: PutRemindersBody) =>
  listenRequest("/app/reminders", { method: "PUT", body, schema: reminders });

export const getPushPublicKey = () =>
  listenRequest("/app/push/public-key", { schema: shapedBy<typeof pushPublicKeyResponseSchema>() });
export const savePushSubscription = (subscription: PushSubscriptionBody) =>
  listenRequest("/app/push/subscriptions", { method: "POST", body: subscription, schema: ok });
export const deletePushSubscription = (endpoint: string) =>
  listenRequest("/app/push/subscriptions", { method: "DELETE", body: { endpoint }, schema: ok });
export const sendTestPush = () =>
  listenRequest("/app/push/test", { method: "POST", schema: shapedBy<typeof pushTestResponseSchema>() });

/** Today's pick, minutes today and the streak (they change as the listener listens). */
export const todayQuery = queryOptions({
  queryKey: listenKeys.today,
  queryFn: ({ signal }) => getToday(signal),
  select: (answer) => answer.data,
  staleTime: justRead,
});
export const useToday = () => useQuery(todayQuery);

export const seriesQuery = (id: string) =>
  queryOptions({
    queryKey: listenKeys.series(id),
    queryFn: ({ signal }) => getSeries(id, signal),
    select: (answer) => answer.data,
    staleTime: justRead,
  });
export const useSeries = (id: string) => useQuery(seriesQuery(id));

export const remindersQuery = queryOptions({
  queryKey: listenKeys.reminders,
  queryFn: ({ signal }) => getReminders(signal),
  select: (answer) => answer.data,
});
