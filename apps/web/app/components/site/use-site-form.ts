import { type ChangeEvent, type FormEvent, useState } from "react";
import { flushSync } from "react-dom";
import { ApiError } from "../../lib/api-client";
import { focusFirstInvalid } from "./field";

/** A form's values: text fields by name. */
type Values<V> = { [K in keyof V]: string };
export type FieldErrors<V> = Partial<Record<keyof V, string>>;

interface SiteFormOptions<V extends Values<V>> {
  initial: V;
  /** The problems with the values, by field; empty when they may be sent. */
  validate: (values: V) => FieldErrors<V>;
  /** Sends the (trimmed) values and resolves with the server's confirmation. */
  send: (values: V) => Promise<{ message: string }>;
}

/**
 * State of a public-site form that sends once: values, client and server errors on their fields,
 * a form-wide error, and the server's confirmation once sent. Focus moves to the first invalid
 * field after a refused submit.
 */
export function useSiteForm<V extends Values<V>>({ initial, validate, send }: SiteFormOptions<V>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [formError, setFormError] = useState<string>();
  const [state, setState] = useState<"editing" | "sending" | "sent">("editing");
  const [confirmation, setConfirmation] = useState("");

  /** Shows the errors at once, then moves focus to the first field that has one. */
  function refuse(form: HTMLFormElement, problems: FieldErrors<V>) {
    flushSync(() => setErrors(problems));
    focusFirstInvalid(form);
  }

  function field<K extends keyof V & string>(name: K) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
        if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
      },
    };
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (state === "sending") return;
    const trimmed = Object.fromEntries(
      Object.entries<string>(values).map(([name, value]) => [name, value.trim()]),
    ) as V;
    const problems = validate(trimmed);
    setFormError(undefined);
    if (Object.values(problems).some(Boolean)) {
      refuse(form, problems);
      return;
    }
    setErrors({});
    setState("sending");
    try {
      const answer = await send(trimmed);
      setConfirmation(answer.message);
      setState("sent");
    } catch (error) {
      setState("editing");
      if (!(error instanceof ApiError)) {
        setFormError("Something went wrong. Please try again.");
        return;
      }
      const onFields: FieldErrors<V> = {};
      const elsewhere: string[] = [];
      for (const { field: name, message } of error.fieldErrors) {
        if (name in initial) onFields[name as keyof V] = message;
        else elsewhere.push(message);
      }
      const hasFieldErrors = Object.keys(onFields).length > 0;
      setFormError(
        hasFieldErrors && elsewhere.length === 0 ? "Please check the highlighted fields." : error.message,
      );
      refuse(form, onFields);
    }
  }

  /** Back to an empty form, to send another. */
  function reset() {
    setValues(initial);
    setErrors({});
    setFormError(undefined);
    setState("editing");
  }

  return { values, field, formError, state, confirmation, onSubmit, reset };
}
