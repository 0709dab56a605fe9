import { type ReactNode, useContext } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext as FrameworkContext,
  useMatches,
} from "react-router";
import type { Route } from "./+types/root";
import { InlineCss } from "./components/ui/inline-css";
import fontsCss from "./fonts/nunito.css?inline";
import { PageLoader } from "./components/ui/page-loader";
import { portalEarlyReadsScript } from "./features/business-portal/early-reads";
import { earlyReadsScript } from "./features/listen/shared/early-reads";
import { SiteConfigScript } from "./features/site-config/components/site-config-script";
import { accentCssVariables } from "./lib/brand";
import { isStaticPage, pageScript, startsPortalReads, usesMantine } from "./lib/static-page";
import rootCss from "./root.css?inline";
import mantineLayers from "virtual:mantine-layers";

// Nunito never swaps in after the first paint: a swap reflows the text and moves the page (a
// layout shift; the hero art of / moved by a seventh of the screen where the fallback is not
// metric-matched, as on Android and Linux). A visitor whose font has not arrived within the
// browser's short block period reads that page in the fallback and the next one in Nunito. So every
// face in fonts/nunito.css (written by scripts/subset-font.mjs) is font-display: optional; most
// pages download only its basic Latin cut.

// Pages rendered in the browser start from __spa-fallback.html, which only the root renders.
export const meta: Route.MetaFunction = () => [{ title: "Serene" }];

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function Layout({ children }: { children: ReactNode }) {
  // Prerendering a page that declared itself static: leave the scripts out. They stay in the
  // SPA fallback (which renders only the root, whatever the matched page) and in the browser
  // (the page running them is not static).
  const matches = useMatches();
  const page = matches.at(-1);
  const spaFallback = useContext(FrameworkContext)?.isSpaMode === true;
  const mantine = spaFallback || matches.some((match) => usesMantine(match.handle));
  const portalReads = spaFallback || matches.some((match) => startsPortalReads(match.handle));
  const scripts = typeof document !== "undefined" || spaFallback || !isStaticPage(page?.handle);
  const enhancement = scripts ? undefined : pageScript(page?.handle);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* Inlined rather than linked: the first paint waits for no stylesheet request. */}
        <InlineCss name="fonts" css={fontsCss} />
        <InlineCss name="root" css={rootCss} />
        <style>{accentCssVariables}</style>
        {/* Pages that use Mantine (those rendered in the browser, the prerendered listener pages):
            its styles' cascade order (vite/direct-imports.ts). */}
        {mantine && mantineLayers && <style>{mantineLayers}</style>}
        <Meta />
        <Links />
        {/* The listener app's and the portal's first reads start now, beside their code (see
            lib/early-reads.ts); the portal's prerendered sections start theirs too. */}
        {spaFallback && <script dangerouslySetInnerHTML={{ __html: earlyReadsScript }} />}
        {portalReads && <script dangerouslySetInnerHTML={{ __html: portalEarlyReadsScript }} />}
      </head>
      <body>
        {children}
        {/* In every page (__spa-fallback.html too): the server puts its configured values here. */}
        <SiteConfigScript />
        {scripts && (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
        {enhancement && (
          <script
            type="module"
            // After `load`: the page is painted and usable before its script is even requested.
            dangerouslySetInnerHTML={{
              __html: `addEventListener("load",()=>import(${JSON.stringify(enhancement)}))`,
            }}
          />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Shown by __spa-fallback.html (sign-in, checkout, back office) until the browser takes over. */
export function HydrateFallback() {
  return <PageLoader />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const heading = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "Something went wrong";
  return (
    <main className="app-error">
      <h1>{heading}</h1>
      <p>Sorry, this page could not be shown. Please reload it, or go back to the home page.</p>
      <a href="/">Go to the home page</a>
    </main>
  );
}
