import { useState } from "react";
import { sayFormError } from "./error-words";

/** A form that shows problems under its fields: Mantine's form, or any pair like it. */
export interface FieldTarget {
  setErrors(errors: Record<string, string>): void;
  /** The form's fields: a problem of one of them goes under it, never above the form too. */
  getValues(): object;
}

/**
 * Sends a form to the API: while it runs `busy`; a refusal is said in sentences (error-words.ts):
 * the problems of the form's own fields under them, the rest as `failure` above the form.
 */
export function useApiForm(form?: FieldTarget) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      const said = sayFormError(error, form ? Object.keys(form.getValues()) : []);
      form?.setErrors(said.onFields);
      setFailure(said.failure);
    } finally {
      setBusy(false);
    }
  };
  return { busy, failure, setFailure, run };
}
