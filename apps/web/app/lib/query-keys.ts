import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";

/**
 * Every query's key, in one place: a list's key starts with its entity's, so one `all` key
 * reaches every page and filter of it.
 */
export const queryKeys = {
  me: ["auth", "me"] as const,
  staff: {
    list: ["staff", "list"] as const,
    settings: ["staff", "settings"] as const,
    twoFactor: ["staff", "two-factor"] as const,
  },
  users: {
    all: ["users"] as const,
    list: (params: object) => ["users", "list", params] as const,
    one: (id: string) => ["users", "one", id] as const,
    search: (q: string) => ["users", "search", q] as const,
  },
  hosts: {
    all: ["hosts"] as const,
    list: (params: object) => ["hosts", "list", params] as const,
    requests: (params: object) => ["hosts", "requests", params] as const,
  },
  resources: {
    all: ["resources"] as const,
    list: (params: object) => ["resources", "list", params] as const,
    one: (id: string) => ["resources", "one", id] as const,
    stats: (id: string) => ["resources", "stats", id] as const,
    history: (id: string) => ["resources", "history", id] as const,
  },
  interests: { all: ["interests"] as const },
  series: {
    all: ["series"] as const,
    list: (params: object) => ["series", "list", params] as const,
    one: (id: string) => ["series", "one", id] as const,
  },
  dashboard: {
    all: ["dashboard"] as const,
    stats: ["dashboard", "stats"] as const,
    usersGained: ["dashboard", "users-gained"] as const,
    perInterest: ["dashboard", "resources-per-interest"] as const,
    top: (limit: number) => ["dashboard", "top-resources", limit] as const,
    audience: ["dashboard", "broadcast-audience"] as const,
  },
  activity: {
    all: ["activity"] as const,
    list: (params: object) => ["activity", "list", params] as const,
    feed: (params: object) => ["activity", "feed", params] as const,
    notifications: ["activity", "notifications"] as const,
    notificationsOf: (kinds: readonly string[]) => ["activity", "notifications", kinds] as const,
  },
  purchases: {
    all: ["purchases"] as const,
    list: (params: object) => ["purchases", "list", params] as const,
    one: (id: string) => ["purchases", "one", id] as const,
  },
  businesses: {
    all: ["businesses"] as const,
    list: (params: object) => ["businesses", "list", params] as const,
    one: (id: string) => ["businesses", "one", id] as const,
    activity: (id: string) => ["businesses", "activity", id] as const,
  },
  supportMessages: {
    all: ["support-messages"] as const,
    list: (params: object) => ["support-messages", "list", params] as const,
  },
  deletionRequests: {
    all: ["deletion-requests"] as const,
    list: (params: object) => ["deletion-requests", "list", params] as const,
  },
  trash: {
    all: ["trash"] as const,
    list: (params: object) => ["trash", "list", params] as const,
  },
  app: {
    message: ["app", "message"] as const,
    versions: ["app", "versions"] as const,
    version: (os: string) => ["app", "versions", os, "current"] as const,
    history: (os: string) => ["app", "versions", os, "history"] as const,
    config: ["app", "versions", "config"] as const,
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
