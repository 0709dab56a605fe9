import type { Db } from "../../db/client.ts";
import { newToken, sha256 } from "../../lib/tokens.ts";
import { consumeToken, insertAccountToken, retireTokens, type TokenPurpose } from "./accounts.repository.ts";

/**
 * A new single-use token e-mailed to a user (the previous unused ones of the purpose end);
 * answers the token, of which only the hash is stored.
 */
export async function issueAccountToken(
  tx: Db,
  purpose: TokenPurpose,
  user: { id: string; email: string },
  ttlMs: number,
  extra: { codeHash?: string; data?: Record<string, string> } = {},
) {
  await retireTokens(tx, user.id, purpose);
  const token = newToken();
  await insertAccountToken(tx, {
    purpose,
    userId: user.id,
    email: user.email,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlMs),
    ...extra,
  });
  return token;
}

/** Uses a live token of a purpose once; undefined when it is unknown, used or expired. */
export const useAccountToken = (tx: Db, purpose: TokenPurpose, token: string) =>
  consumeToken(tx, purpose, sha256(token));
