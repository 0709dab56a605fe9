import { Button, VisuallyHidden } from "@mantine/core";
import { useEffect, useState } from "react";

/** How long "Copied" shows before the button reads as before. */
const SHOWN_MS = 2500;

/**
 * Copies `text` to the clipboard and says so: the button reads "Copied" (or "Copy failed") for a
 * moment, and a polite live region tells screen readers what happened.
 */
export function CopyButton({ text, label, what }: { text: string; label: string; what: string }) {
  const [outcome, setOutcome] = useState<"copied" | "failed" | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(() => setOutcome(null), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);
  const copy = () => {
    (navigator.clipboard?.writeText(text) ?? Promise.reject(new Error("no clipboard"))).then(
      () => setOutcome("copied"),
      () => setOutcome("failed"),
    );
  };
  return (
    <>
      <Button variant="default" size="compact-sm" onClick={copy}>
        {outcome === "copied" ? "Copied" : outcome === "failed" ? "Copy failed" : label}
      </Button>
      <VisuallyHidden role="status">
        {outcome === "copied" ? `${what} copied` : outcome === "failed" ? `${what} could not be copied` : ""}
      </VisuallyHidden>
    </>
  );
}
