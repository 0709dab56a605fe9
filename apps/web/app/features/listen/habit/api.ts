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
import { justRead, listenRequest } from "../shared/request";

// The daily habit (APP-API.md part 3): today's pick, series, reminders and Web Push.

export const getToday = (signal?: AbortSignal) =>
  listenRequest<typeof todayResponseSchema>("/app/today", { signal });

export const getSeries = (id: string, signal?: AbortSignal) =>
  listenRequest<typeof appSeriesResponseSchema>(`/app/series/${encodeURIComponent(id)}`, { signal });

export const getReminders = (signal?: AbortSignal) =>
  listenRequest<typeof remindersResponseSchema>("/app/reminders", { signal });
/** Saves the reminder; the browser's time zone goes with it (the reminder rings at local time). */
export const putReminders = (body: PutRemindersBody) =>
  listenRequest<typeof remindersResponseSchema>("/app/reminders", { method: "PUT", body });

export const getPushPublicKey = () =>
  listenRequest<typeof pushPublicKeyResponseSchema>("/app/push/public-key");
export const savePushSubscription = (subscription: PushSubscriptionBody) =>
  listenRequest<typeof okEnvelopeSchema>("/app/push/subscriptions", { method: "POST", body: subscription });
export const deletePushSubscription = (endpoint: string) =>
  listenRequest<typeof okEnvelopeSchema>("/app/push/subscriptions", { method: "DELETE", body: { endpoint } });
export const sendTestPush = () =>
  listenRequest<typeof pushTestResponseSchema>("/app/push/test", { method: "POST" });

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
