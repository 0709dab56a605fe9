import type { ResponseSchema } from "./api-client";

/**
 * Answer checks for the public pages' calls, written by hand because those pages must not load
 * zod (the back office validates with the schemas in @serene/contract instead).
 */

/** `{ status: true, message }`: the answer of calls that only confirm. */
export interface MessageAnswer {
  message: string;
}

export const messageAnswer: ResponseSchema<MessageAnswer> = {
  parse(payload) {
    if (typeof (payload as { message?: unknown }).message !== "string") {
      throw new TypeError("The answer has no message");
    }
    return payload as MessageAnswer;
  },
};
