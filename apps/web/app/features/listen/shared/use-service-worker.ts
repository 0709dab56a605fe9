import { useEffect } from "react";

/** The shell loads offline: the service worker keeps it and every file of the app (see listen-sw.js). */
export function useServiceWorker() {
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.register("/listen-sw.js", { scope: "/listen" }).catch(() => undefined);
  }, []);
}
