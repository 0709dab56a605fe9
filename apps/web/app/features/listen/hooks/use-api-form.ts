import { useState } from "react";
import { ApiError } from "../../../lib/api-client";

/**
 * Sends a form to the API: while it runs `busy`; a refusal shows as `failure` and the
 * per-field messages go to `setFieldErrors`.
 */
export function useApiForm(setFieldErrors: (errors: Record<string, string>) => void) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFieldErrors(error.fieldMessages());
      setFailure(error.message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, run };
}
