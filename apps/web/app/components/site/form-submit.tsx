import { FormAlert } from "./field";

interface FormSubmitProps {
  label: string;
  /** Shown on the button while the page's script sends the form. */
  busyLabel: string;
  /** Starts the form-wide error message in bold. */
  alertLead?: string;
  className?: string;
}

/**
 * The end of a public form: the place for its form-wide error and the submit button. The button
 * works from the first paint (the form posts to the server); the page's script shows it busy
 * while it sends the form itself.
 */
export function FormSubmit({
  label,
  busyLabel,
  alertLead,
  className = "button button--large",
}: FormSubmitProps) {
  return (
    <>
      <FormAlert lead={alertLead} />
      <div className="form-actions">
        <button type="submit" className={className} data-busy-label={busyLabel}>
          <span className="button__spinner" aria-hidden="true" hidden />
          <span data-label>{label}</span>
        </button>
      </div>
    </>
  );
}
