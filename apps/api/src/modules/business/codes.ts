import { randomInt } from "node:crypto";
import { CODE_ALPHABET, CODE_LENGTH } from "@serene/contract";

/**
 * A new subscription code, XXXX-XXXX-XXXX-XXXX: 16 characters drawn uniformly by the system's
 * cryptographic generator from a 30-letter alphabet with no look-alikes, about 78 bits.
 */
export function newSubscriptionCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code.match(/.{4}/g)!.join("-");
}
