import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * The root of every back-office entity's queries, and the keys several features share. Each
 * feature's `api.ts` builds its own keys under its entity's root (`[...queryKeys.users.all,
 * "list", params]`), so one root reaches every page and filter of it (see `changedBy`).
 */
export const queryKeys = {
  me: ["auth", "me"] as const,
  staff: { all: ["staff"] as const },
  users: {
    all: ["users"] as const,
    search: (q: string) => ["users", "search", q] as const,
  },
  hosts: { all: ["hosts"] as const },
  resources: {
    all: ["resources"] as const,
    list: (params: object) => ["resources", "list", params] as const,
    one: (id: string) => ["resources", "one", id] as const,
  },
  interests: { all: ["interests"] as const },
  series: { all: ["series"] as const },
  dashboard: { all: ["dashboard"] as const },
  activity: {
    all: ["activity"] as const,
    notifications: ["activity", "notifications"] as const,
  },
  purchases: { all: ["purchases"] as const },
  businesses: { all: ["businesses"] as const },
  supportMessages: { all: ["support-messages"] as const },
  deletionRequests: { all: ["deletion-requests"] as const },
  trash: { all: ["trash"] as const },
  app: {
    message: ["app", "message"] as const,
    versions: ["app", "versions"] as const,
  },
};

/**
 * What each write changes on screen, so what is fetched again after it. Every write is logged,
 * so the activity log comes again after each one.
 */
const changedBy = {
  /** A user created, edited, messaged, made a host or deleted (to the trash); a host request decided. */
  user: [
    queryKeys.users.all,
    queryKeys.hosts.all,
    queryKeys.dashboard.all,
    queryKeys.trash.all,
    queryKeys.activity.all,
  ],
  /** The signed-in admin's own profile: they are a user too. */
  profile: [queryKeys.users.all, queryKeys.activity.all],
  /** A content or an interest: each list shows something of the other (interest names, counts). */
  catalogue: [
    queryKeys.resources.all,
    queryKeys.interests.all,
    queryKeys.dashboard.all,
    queryKeys.trash.all,
    queryKeys.activity.all,
  ],
  /** Restored from the trash, or deleted forever: users and contents come back or go for good. */
  trash: [
    queryKeys.trash.all,
    queryKeys.users.all,
    queryKeys.hosts.all,
    queryKeys.resources.all,
    queryKeys.interests.all,
    queryKeys.dashboard.all,
    queryKeys.activity.all,
  ],
  /** A series built, changed or deleted. */
  series: [queryKeys.series.all, queryKeys.activity.all],
  purchase: [queryKeys.purchases.all, queryKeys.activity.all],
  /** Free seats given, a sign-in link sent: the business and its purchases change. */
  business: [queryKeys.businesses.all, queryKeys.purchases.all, queryKeys.activity.all],
  supportMessage: [queryKeys.supportMessages.all, queryKeys.activity.all],
  /** Executing a request deletes its user. */
  deletionRequest: [
    queryKeys.deletionRequests.all,
    queryKeys.users.all,
    queryKeys.hosts.all,
    queryKeys.dashboard.all,
    queryKeys.activity.all,
  ],
  appMessage: [queryKeys.app.message, queryKeys.activity.all],
  appVersion: [queryKeys.app.versions, queryKeys.activity.all],
  notifications: [queryKeys.activity.notifications],
} satisfies Record<string, readonly QueryKey[]>;

export type Write = keyof typeof changedBy;

/** After a write: fetches again every query it changed (see `changedBy`). */
export function useRefreshAfter() {
  const queryClient = useQueryClient();
  return useCallback(
    async (write: Write) => {
      await Promise.all(changedBy[write].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    [queryClient],
  );
}
