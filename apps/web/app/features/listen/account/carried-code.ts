import { useSearchParams } from "react-router";

/**
 * A value of the link that opened sign-up or sign-in: in the page's own query, or in the query of
 * the page it goes back to (`next`). Read in the browser only.
 */
function useCarried(name: "code" | "email"): string | null {
  const [params] = useSearchParams();
  const direct = params.get(name);
  if (direct) return direct;
  const next = params.get("next");
  return next ? new URL(next, window.location.origin).searchParams.get(name) : null;
}

/** The code of a codes e-mail, carried by /listen/redeem?code= through sign-up. */
export const useCarriedCode = () => useCarried("code");

/** The invited address of a portal invitation's link (/listen/redeem?code=&email=), for the form. */
export const useCarriedEmail = () => useCarried("email");

/** Refusals of the code alone: the account can still be made, without it. */
export const codeRefusals = new Set(["code_used", "code_not_found", "code_invited_elsewhere"]);
