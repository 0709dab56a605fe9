import { useSearchParams } from "react-router";

/** The code of a codes e-mail, carried by /listen/redeem?code= through sign-up. */
export function useCarriedCode(): string | null {
  const [params] = useSearchParams();
  const direct = params.get("code");
  if (direct) return direct;
  const next = params.get("next");
  return next ? new URL(next, window.location.origin).searchParams.get("code") : null;
}

/** Refusals of the code alone: the account can still be made, without it. */
export const codeRefusals = new Set(["code_used", "code_not_found", "code_invited_elsewhere"]);
