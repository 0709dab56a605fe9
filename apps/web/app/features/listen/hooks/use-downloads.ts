import { useMutation, useQuery } from "@tanstack/react-query";
import type { AppResource } from "../api/types";
import { clearDownloads, listDownloads, removeDownload, saveDownload } from "../offline/downloads";
import { listenQueryClient } from "../listen-query-client";

const downloadsKey = ["listen-downloads"] as const;
const refresh = () => listenQueryClient.invalidateQueries({ queryKey: downloadsKey });

/** What is saved for offline listening (read from Cache Storage, not the API). */
export function useDownloads() {
  const list = useQuery({
    queryKey: downloadsKey,
    queryFn: listDownloads,
    networkMode: "always",
    staleTime: Number.POSITIVE_INFINITY,
  });
  const save = useMutation({
    mutationFn: (resource: AppResource) => saveDownload(resource),
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
