import { useNavigate, useSearchParams } from "react-router";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";

/** Where to go once signed in: the page that asked (only a /listen page), else home. */
export function useAfterSignIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get("next");
  const target = next?.startsWith("/listen") && !next.startsWith("//") ? next : "/listen";
  return async (to = target) => {
    // The previous visitor's data (or the signed-out answers) must not show.
    listenQueryClient.removeQueries({ queryKey: listenKeys.all });
    await navigate(to, { replace: true });
  };
}
