import { useEffect } from "react";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";
import { sendQueuedSessions } from "./offline-sessions";

/** Sends sessions listened offline, now and whenever the network comes back. */
export function useOfflineSync() {
  useEffect(() => {
    const send = () =>
      void sendQueuedSessions().then((accepted) => {
        if (accepted > 0) void listenQueryClient.invalidateQueries({ queryKey: listenKeys.all });
      });
    send();
    window.addEventListener("online", send);
    return () => window.removeEventListener("online", send);
  }, []);
}
