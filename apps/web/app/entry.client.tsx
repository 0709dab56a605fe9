import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function start() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// The page's HTML (the loading mark of a page rendered in the browser) is painted first; the app
// starts right after that frame. Otherwise, with its code already at hand, the browser may run the
// whole first render before painting anything, and the first paint waits for it.
requestAnimationFrame(() => setTimeout(start, 0));
