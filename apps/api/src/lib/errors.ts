import { type ErrorCode, errorCodes } from "@serene/contract";

export interface FieldError {
  field: string;
  message: string;
}

/** An error the API answers on purpose: a stable code, its HTTP status and a human message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fieldErrors: FieldError[] | undefined;
  /** Seconds until a rate-limited caller may try again (429). */
  readonly retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, fieldErrors?: FieldError[], retryAfter?: number) {
    super(message);
    this.code = code;
    this.statusCode = errorCodes[code];
    this.fieldErrors = fieldErrors;
    this.retryAfter = retryAfter;
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);
export const unauthenticated = () => new AppError("unauthenticated", "Please sign in to continue");
export const forbidden = () => new AppError("forbidden", "You do not have permission to do this");
export const conflict = (message: string) => new AppError("conflict", message);
export const badRequest = (message: string, field?: string) =>
  new AppError("validation_failed", message, field ? [{ field, message }] : undefined);

/**
 * The password was right, and the account signs in with a second factor: the answer carries the
 * challenge to send back with the code (POST /auth/login/two-factor).
 */
export class TwoFactorRequired extends AppError {
  constructor(readonly challenge: string) {
    super(
      "two_factor_required",
      "Enter the 6-digit code from your authenticator app (or a recovery code) to finish signing in",
    );
  }
}
