import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The address of the client whose request is being served, for the activity log: set once per
 * request (app.ts, first hook) and read wherever a write is recorded, so no service passes it on.
 */
const current = new AsyncLocalStorage<string>();

/** Runs the rest of a request's handling with its client's address at hand. */
export function withClientAddress(ip: string, next: () => void) {
  current.run(ip, next);
}

/** The current request's client address; null outside a request (scheduled jobs). */
export function clientAddress(): string | null {
  return current.getStore() ?? null;
}
