import { type ComponentType, lazy, type ReactNode, Suspense } from "react";

/**
 * A signed-in page whose code loads apart from its route module. The app's start (/listen) matches
 * the signed-in frame and the home, so the browser loads their route modules even for a signed-out
 * visitor, who sees only the sign-in form there: kept thin (loader, meta, this), they leave the
 * app's own code out of that page's first load. `preload` (from the route's clientLoader, beside
 * its first reads) fetches it for a signed-in visitor, so the page renders once its data is in,
 * without showing `fallback` first; `fallback` shows only if it renders before the code arrived.
 */
export function lazyPage(load: () => Promise<ComponentType>, fallback: ReactNode) {
  let loading: Promise<ComponentType> | undefined;
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      // Offline before it was ever fetched: the next visit tries again.
      loading = undefined;
      throw error;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Page() {
    return (
      <Suspense fallback={fallback}>
        <Lazy />
      </Suspense>
    );
  }
  return { Page, preload };
}
