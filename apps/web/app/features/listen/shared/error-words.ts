import type { ErrorCode } from "@serene/contract";
import { ApiError, type FieldError } from "../../../lib/api-client";

/**
 * The listener app's one place that turns an API refusal into words a person reads: whole
 * sentences, never the API's "password: is incorrect" or "id: must be a valid id" (those are for
 * developers; the API's error shape stays as it is for other clients).
 */

/** Refusals whose own message is not for a listener, by code. */
const byCode: Partial<Record<ErrorCode, string>> = {
  invalid_credentials: "That e-mail address and password do not match. Check them and try again.",
  internal_error: "Something went wrong on our side. Please try again in a moment.",
  service_unavailable: "Serene is busy for a moment. Please try again shortly.",
  unauthenticated: "You have been signed out. Please sign in again.",
  not_found: "This is not here any more.",
  route_not_found: "This is not here any more.",
  payload_too_large: "That file is too large.",
  unsupported_media_type: "That kind of file cannot be used here.",
};

/** What a field is called in a sentence. */
const fieldNames: Record<string, string> = {
  email: "The e-mail address",
  password: "The password",
  currentPassword: "The current password",
  username: "The name",
  lastName: "The last name",
  code: "The code",
  token: "The link",
  time: "The time",
  days: "The days",
};

/** Field problems said better than "<field> <message>", by field and the API's message. */
const fieldSentences: Record<string, Record<string, string>> = {
  password: { "is incorrect": "That password is not right." },
  currentPassword: { "Current password is incorrect": "That password is not right." },
};

/** A path's id (a content, a series, a message) that is not an id: the link is broken. */
const BROKEN_LINK = "This link is not right: nothing has this address. Check it, or go back home.";

const sentence = (text: string) => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

/** One field's problem as a sentence: "That password is not right.", "The e-mail address is required." */
export function sayFieldError({ field, message }: FieldError): string {
  const known = fieldSentences[field]?.[message];
  if (known) return known;
  if (message === "must be a valid id") return BROKEN_LINK;
  const name = fieldNames[field];
  return sentence(name ? `${name} ${message}` : message);
}

/** Any failure (an ApiError, or anything thrown) as one sentence for the listener. */
export function sayError(error: unknown): string {
  if (!(error instanceof ApiError)) return "Something went wrong. Please try again.";
  if (error.httpStatus === 0) return "You seem to be offline. Check your connection and try again.";
  const known = byCode[error.code as ErrorCode];
  if (known) return known;
  if (error.fieldErrors.length > 0) return [...new Set(error.fieldErrors.map(sayFieldError))].join(" ");
  return sentence(error.message);
}

/**
 * A refusal split for a form: each problem of a field the form shows goes under that field, the
 * rest (or the whole error, when no field of the form is named) above it, so nothing is said twice.
 */
export function sayFormError(error: unknown, formFields: readonly string[]) {
  const onFields: Record<string, string> = {};
  const elsewhere: FieldError[] = [];
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
  for (const problem of fieldErrors) {
    if (formFields.includes(problem.field)) onFields[problem.field] ??= sayFieldError(problem);
    else elsewhere.push(problem);
  }
  const placed = Object.keys(onFields).length > 0;
  const failure = !placed
    ? sayError(error)
    : elsewhere.length > 0
      ? [...new Set(elsewhere.map(sayFieldError))].join(" ")
      : null;
  return { onFields, failure };
}
