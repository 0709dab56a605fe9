import { ApiError } from "../../lib/api-client";

/** What a portal admin should do after a failed call: the server's reason, then the next step. */
export function failureAdvice(error: Error): string {
  if (!(error instanceof ApiError)) return "Reload the page and try again.";
  if (error.httpStatus === 0)
    return "The server could not be reached: check your connection, then try again.";
  if (error.httpStatus === 401) return "Your sign-in has ended: reload the page and ask for a new link.";
  if (error.httpStatus >= 500)
    return "Something went wrong on our side: try again in a minute, and write to support if it happens again.";
  const reason = /[.!?]$/.test(error.message) ? error.message : `${error.message}.`;
  return error.httpStatus === 404 || error.httpStatus === 409
    ? `${reason} Reload the page to see where things stand now.`
    : `${reason} Correct this and try again.`;
}
