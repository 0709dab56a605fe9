import { useHydrated } from "../../lib/use-hydrated";
import { FormAlert } from "./field";

interface FormSubmitProps {
  /** The form-wide error (not about one field), if any. */
  error: string | undefined;
  sending: boolean;
  label: string;
  /** What a visitor without JavaScript is told instead. */
  noscript: string;
}

/**
 * The end of a public form: its form-wide error, the submit button (disabled until the page has
 * hydrated, busy while sending) and a note for visitors without JavaScript.
 */
export function FormSubmit({ error, sending, label, noscript }: FormSubmitProps) {
  const hydrated = useHydrated();
  return (
    <>
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      <div className="form-actions">
        <button
          type="submit"
          className="button button--large"
          disabled={!hydrated || sending}
          aria-busy={sending}
        >
          {sending && <span className="button__spinner" aria-hidden="true" />}
          {sending ? "Sending…" : label}
        </button>
      </div>
      <noscript>
        <p className="form-note">{noscript}</p>
      </noscript>
    </>
  );
}
