import formCss from "./form.css?inline";
import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { InlineCss } from "../ui/inline-css";
import { errorIdOf } from "./field-ids";

interface FieldBase {
  label: string;
  name: string;
  /** Shown under the label and read with the control. */
  hint?: ReactNode;
}

type InputFieldProps = FieldBase & { multiline?: false } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "name"
  >;
type TextareaFieldProps = FieldBase & { multiline: true } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    "name"
  >;

/**
 * A labelled text input or text area of the public site, with its hint and a hidden place for
 * its error message, which the page's script fills in (enhance-form.ts). Without the script the
 * browser checks the control's constraints (required, type, lengths) itself.
 */
export function Field(props: InputFieldProps | TextareaFieldProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const shared = { id, "aria-describedby": hintId, className: "field__control" };

  let control: ReactNode;
  if (props.multiline) {
    const { label: _label, hint: _hint, multiline: _multiline, ...rest } = props;
    control = <textarea {...rest} {...shared} />;
  } else {
    const { label: _label, hint: _hint, multiline: _multiline, ...rest } = props;
    control = <input {...rest} {...shared} />;
  }

  return (
    <div className="field">
      <InlineCss name="form" css={formCss} />
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      {props.hint && (
        <p className="field__hint" id={hintId}>
          {props.hint}
        </p>
      )}
      {control}
      <p className="field__error" id={errorIdOf(id)} hidden>
        <ErrorIcon />
        <span data-error-text />
      </p>
    </div>
  );
}

/**
 * A form-wide problem (the server refused, or could not be reached), announced when it appears.
 * Without children it is the hidden place a page's script fills in (enhance-form.ts): the message
 * after `lead` in bold.
 */
export function FormAlert({ children, lead }: { children?: ReactNode; lead?: string }) {
  const slot = children === undefined;
  return (
    <div className="form-alert" role="alert" data-form-alert={slot || undefined} hidden={slot}>
      <InlineCss name="form" css={formCss} />
      <ErrorIcon />
      <div>
        {slot ? (
          <p>
            {lead && <strong>{lead} </strong>}
            <span data-alert-text />
          </p>
        ) : (
          children
        )}
      </div>
    </div>
  );
}

function ErrorIcon() {
  return (
    <svg
      className="form-icon"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M10 5.5v5.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="10" cy="14.25" r="1.2" fill="currentColor" />
    </svg>
  );
}
