import type { PushSubscriptionBody, PutRemindersBody } from "@serene/contract";
import { habitEndpoints, seriesEndpoints } from "@serene/contract/endpoints";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { listenKeys } from "../shared/listen-query-client";
import { justRead } from "../../../lib/query-client";
import { listenCall } from "../shared/request";

// The daily habit (APP-API.md part 3): today's pick, series, reminders and Web Push.

export const getToday = (signal?: AbortSignal) => listenCall(habitEndpoints.today, { signal });

export const getSeries = (id: string, signal?: AbortSignal) =>
  listenCall(seriesEndpoints.get, { params: { id }, signal });

export const getReminders = (signal?: AbortSignal) => listenCall(habitEndpoints.reminders, { signal });
/** Saves the reminder; the browser's time zone goes with it (the reminder rings at local time). */
export const putReminders = (body: PutRemindersBody) => listenCall(habitEndpoints.saveReminders, { body });

export const getPushPublicKey = () => listenCall(habitEndpoints.pushPublicKey, {});
export const savePushSubscription = (subscription: PushSubscriptionBody) =>
  listenCall(habitEndpoints.subscribe, { body: subscription });
export const deletePushSubscription = (endpoint: string) =>
  listenCall(habitEndpoints.unsubscribe, { body: { endpoint } });
export const sendTestPush = () => listenCall(habitEndpoints.testPush, {});

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
