import { useCallback, useState } from "react";

/** An error message for the user, from whatever a portal call threw. */
export const errorMessage = (err: unknown) => (err instanceof Error ? err.message : "Something went wrong");

/** A portal section's pending state and error: `run` calls the API, then `done` with the answer. */
export function usePortalAction() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useCallback(<T>(work: Promise<T>, done: (value: T) => void = () => {}) => {
    setBusy(true);
    setError(null);
    return work
      .then(done)
      .catch((err: unknown) => setError(errorMessage(err)))
      .finally(() => setBusy(false));
  }, []);
  return { error, busy, run };
}
