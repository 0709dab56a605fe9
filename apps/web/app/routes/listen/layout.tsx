import "../../features/listen/shared/listen.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet, useLocation } from "react-router";
import { MantineRoot } from "../../components/ui/mantine-root";
import { SignInPage } from "../../features/listen/account/sign-in-page";
import { isSignedOutStart, listenQueryClient } from "../../features/listen/shared/listen-query-client";
import { mantinePages } from "../../lib/static-page";
import type { Route } from "./+types/layout";
import { useOfflineSync } from "../../features/listen/player/use-offline-sync";
import { useServiceWorker } from "../../features/listen/shared/use-service-worker";

// The manifest, theme colour and noindex are in the HTML the server sends for every /listen page
// (listenPageHead, plugins/web-app.ts), so that a browser and a crawler read them before any script.
export const links: Route.LinksFunction = () => [{ rel: "apple-touch-icon", href: "/apple-touch-icon.png" }];

export const handle = mantinePages;

export const meta: Route.MetaFunction = () => [{ name: "apple-mobile-web-app-capable", content: "yes" }];

/**
 * Everything under /listen: Mantine, the listener's query cache, offline sync. Signed out, the app's
 * start is the sign-in form, at /listen itself (the server sends it prerendered, without a redirect):
 * rendered here, above the signed-in pages' guard, so the form the browser takes over stays the same
 * one (what was typed before the code ran is kept). Its code comes with the app's: loaded lazily,
 * the form's late hydration shifted the page's layout (Lighthouse: CLS 0.23).
 */
export default function ListenLayout() {
  useOfflineSync();
  useServiceWorker();
  const signedOutStart = isSignedOutStart(useLocation().pathname);
  return (
    <QueryClientProvider client={listenQueryClient}>
      <MantineRoot>
        {/* The first thing a keyboard reaches on every page: straight to the page's own content. */}
        <a className="listen-skip" href="#main">
          Skip to content
        </a>
        {signedOutStart ? <SignInPage /> : <Outlet />}
      </MantineRoot>
    </QueryClientProvider>
  );
}
