import { useEffect, useState } from "react";
import { ApiError } from "../../lib/api-client";
import { type CouponsAnswer, type CreateCouponsBody, createCoupons } from "./public-api";

export type CouponsState =
  | { status: "pending" }
  | { status: "created"; message: string; purchase: CouponsAnswer["data"] }
  /** The server refused: the payment is not confirmed, or the details do not match a purchase. */
  | { status: "refused"; message: string }
  /** The call failed on the way (network, server error). */
  | { status: "failed"; message: string };

type Outcome = Exclude<CouponsState, { status: "pending" }>;

// One call per order and page load, even when React runs the effect twice (StrictMode) or the
// page re-renders; a reload of the page asks again, which the server answers without new codes.
const calls = new Map<string, Promise<Outcome>>();

function call(body: CreateCouponsBody): Promise<Outcome> {
  return createCoupons(body).then(
    (answer): Outcome => ({ status: "created", message: answer.message, purchase: answer.data }),
    (error: unknown): Outcome => {
      if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) {
        return { status: "refused", message: error.message };
      }
      return { status: "failed", message: error instanceof Error ? error.message : String(error) };
    },
  );
}

/** Asks the server once to create the order's codes; `retry` asks again after a failure. */
export function useCreateCoupons(body: CreateCouponsBody | undefined) {
  const key = body ? JSON.stringify(body) : undefined;
  const [outcome, setOutcome] = useState<{ key: string; state: Outcome }>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!key) return;
    let current = true;
    let pending = calls.get(key);
    if (!pending) {
      pending = call(JSON.parse(key) as CreateCouponsBody);
      calls.set(key, pending);
    }
    void pending.then((state) => {
      if (current) setOutcome({ key, state });
    });
    return () => {
      current = false;
    };
  }, [key, attempt]);

  const state: CouponsState = outcome && outcome.key === key ? outcome.state : { status: "pending" };

  function retry() {
    if (!key) return;
    calls.delete(key);
    setOutcome(undefined);
    setAttempt((count) => count + 1);
  }

  return { state, retry };
}
