import formCss from "./form.css?inline";
import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from "react";
import { InlineCss } from "../ui/inline-css";

interface FieldBase {
  label: string;
  name: string;
  /** Shown under the label and read with the control. */
  hint?: ReactNode;
  /** The problem with the current value; marks the control invalid and is read with it. */
  error?: string;
}

type InputFieldProps = FieldBase & { multiline?: false } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "name"
  >;
type TextareaFieldProps = FieldBase & { multiline: true } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    "name"
  >;

/** A labelled text input or text area of the public site, with its hint and error message. */
export function Field(props: InputFieldProps | TextareaFieldProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": describedBy,
    className: "field__control",
  };

  let control: ReactNode;
  if (props.multiline) {
    const { label: _label, hint: _hint, error: _error, multiline: _multiline, ...rest } = props;
    control = <textarea {...rest} {...shared} />;
  } else {
    const { label: _label, hint: _hint, error: _error, multiline: _multiline, ...rest } = props;
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
      {props.error && (
        <p className="field__error" id={errorId}>
          <ErrorIcon />
          {props.error}
        </p>
      )}
    </div>
  );
}

/** A form-wide problem (the server refused, or could not be reached), announced when it appears. */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <div className="form-alert" role="alert">
      <InlineCss name="form" css={formCss} />
      <ErrorIcon />
      <div>{children}</div>
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

/** Focuses the first control of `form` that is marked invalid (after a failed submit). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
