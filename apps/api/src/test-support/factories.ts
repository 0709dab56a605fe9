import { randomBytes } from "node:crypto";
import type { UserRole } from "@serene/contract";
import type { Db } from "../db/client.ts";
import { hashPassword } from "../lib/passwords.ts";
import { addAccount, type NewUser } from "../modules/users/index.ts";
import type { App } from "../plugins/types.ts";

export const TEST_PASSWORD = "a-long-test-password";
// Hashing is deliberately slow; one hash serves every test user.
let sharedHash: Promise<string> | undefined;

/** Inserts a user (role "user" unless told) whose password is TEST_PASSWORD. */
export async function buildUser(db: Db, overrides: Partial<NewUser> & { role?: UserRole } = {}) {
  sharedHash ??= hashPassword(TEST_PASSWORD);
  const suffix = randomBytes(4).toString("hex");
  return addAccount(db, {
    username: `user-${suffix}`,
    email: `user-${suffix}@example.test`,
    passwordHash: await sharedHash,
    emailVerifiedAt: new Date(),
    ...overrides,
  });
}

/** Signs in through the real login route and answers the bearer token. */
export async function login(app: App, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({ method: "POST", url: "/api/v1/auth/login", payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
