import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { AppResourceDetail } from "@serene/contract";
import {
  clearDownloads,
  listDownloads,
  removeDownload,
  removePaidDownloads,
  saveDownload,
} from "./downloads";
import { listenQueryClient } from "../shared/listen-query-client";
import { preloadFullPlayer } from "../player/full-player-loader";
import { entitlementQuery, useMe } from "../account/api";

const downloadsKey = ["listen-downloads"] as const;
const downloadsQuery = queryOptions({
  queryKey: downloadsKey,
  queryFn: listDownloads,
  networkMode: "always",
  staleTime: Number.POSITIVE_INFINITY,
});
const refresh = () => listenQueryClient.invalidateQueries({ queryKey: downloadsKey });

/**
 * What is saved for offline listening (read from Cache Storage, not the API). While there is any,
 * the full player's code is fetched too, so that it is at hand offline.
 */
export function useDownloads() {
  const list = useQuery(downloadsQuery);
  const saved = (list.data?.length ?? 0) > 0;
  useEffect(() => {
    if (saved) preloadFullPlayer();
  }, [saved]);
  const save = useMutation({
    mutationFn: (resource: AppResourceDetail) => saveDownload(resource),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => removeDownload(id),
    networkMode: "always",
    onSettled: refresh,
  });
  const clear = useMutation({ mutationFn: clearDownloads, networkMode: "always", onSettled: refresh });
  const bytes = (list.data ?? []).reduce((sum, d) => sum + d.bytes, 0);
  return { list, save, remove, clear, bytes };
}

/**
 * An item as saved with its download (what its page shows offline), undefined when it is not
 * downloaded; `pending` while the downloads are being read.
 */
export function useDownloadedResource(id: string): { resource?: AppResourceDetail; pending: boolean } {
  const saved = useQuery({
    ...downloadsQuery,
    select: (downloads) => downloads.find((download) => download.resource._id === id)?.resource ?? null,
  });
  return { resource: saved.data ?? undefined, pending: saved.isPending };
}

/**
 * Paid downloads go once the entitlement has ended: when the profile read at app start (or
 * again later), or the entitlement read of the account page, says the listener is not entitled.
 */
export function usePaidDownloadsPruning() {
  const profilePaid = useMe().data?.entitlement.paid;
  // Reads what the entitlement query last answered, without asking the API for it here.
  const entitlementPaid = useQuery({ ...entitlementQuery, enabled: false }).data?.paid;
  const ended = profilePaid === false || entitlementPaid === false;
  useEffect(() => {
    if (!ended) return;
    void removePaidDownloads().then((removed) => (removed > 0 ? refresh() : undefined));
  }, [ended]);
}
