import { signInPageInfo } from "../../features/listen/account/sign-in-page";
import { homeQuery } from "../../features/listen/catalogue/api";
import { todayQuery } from "../../features/listen/habit/api";
import { lazyPage } from "../../features/listen/shared/lazy-page";
import {
  hasSignedInHint,
  isSignedOutStart,
  listenQueryClient,
} from "../../features/listen/shared/listen-query-client";
import { pageMeta } from "../../lib/meta";
import type { Route } from "./+types/home";

// Signed out, this address is the sign-in page (the layout shows its form here): its title says so.
export const meta = ({ location }: Route.MetaArgs) =>
  pageMeta(
    isSignedOutStart(location.pathname)
      ? signInPageInfo
      : { title: "Listen", description: "Your Serene home: continue listening and find something new." },
  );

const home = lazyPage(
  () => import("../../features/listen/catalogue/home-page").then((module) => module.ListenHome),
  // Never seen in practice: the loader below waits for the code.
  null,
);

/**
 * Asks for the home at once, beside the layout's profile read, not after it, and the page's code
 * with it. Signed out, the layout shows the sign-in form here instead, and nothing is asked (it
 * would only be refused).
 */
export async function clientLoader() {
  if (!hasSignedInHint()) return null;
  void listenQueryClient.prefetchQuery(homeQuery);
  void listenQueryClient.prefetchQuery(todayQuery);
  await home.preload();
  return null;
}

export default home.Page;
