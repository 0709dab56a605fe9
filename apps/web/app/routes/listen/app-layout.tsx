import { redirect } from "react-router";
import { ApiError } from "../../lib/api-client";
import { meQuery } from "../../features/listen/account/api";
import { PageLoader } from "../../components/ui/page-loader";
import { lazyPage } from "../../features/listen/shared/lazy-page";
import {
  forgetSignedIn,
  hasSignedInHint,
  isSignedOutStart,
  listenQueryClient,
  signInPath,
} from "../../features/listen/shared/listen-query-client";
import { isOnline } from "../../features/listen/shared/online";
import { ONBOARDED_KEY } from "../../features/listen/account/onboarded";
import type { Route } from "./+types/app-layout";

const frame = lazyPage(
  () => import("../../features/listen/shared/app-frame").then((module) => module.ListenAppFrame),
  <PageLoader />,
);

/**
 * The guard of the signed-in pages. Signed out (no hint beside the session cookie), nothing is asked
 * of the API (it would refuse): the app's start (/listen) is the sign-in form itself, shown by the
 * listen layout (isSignedOutStart); any other page sends the listener to sign in and back. Signed
 * in, a first visit asks the mood and interests. With no network the shell still opens (downloads play).
 * The frame's code (see lazyPage) is fetched beside the profile read.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  if (!hasSignedInHint()) {
    if (isSignedOutStart(url.pathname)) return null;
    throw redirect(signInPath(url.pathname + url.search));
  }
  await Promise.all([checkProfile(url), frame.preload()]);
  return null;
}

/** Signed in: still so (else to sign in), and past the first visit's questions (else to them). */
async function checkProfile(url: URL) {
  // Offline with no profile at hand, its read would wait for the network: the shell opens without it.
  if (!isOnline() && !listenQueryClient.getQueryData(meQuery.queryKey)) return;
  try {
    const { data: me } = await listenQueryClient.ensureQueryData(meQuery);
    const onboarded = me.mood !== null || me.interests.length > 0 || localStorage.getItem(ONBOARDED_KEY);
    if (!onboarded && url.pathname !== "/listen/welcome") throw redirect("/listen/welcome");
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 401) {
      forgetSignedIn();
      throw redirect(signInPath(url.pathname + url.search));
    }
    if (!(error instanceof ApiError)) throw error;
  }
}

/**
 * The loading mark while the guard runs. Declared here, the router renders the listen layout above
 * it meanwhile (else only the root's), which is what shows the sign-in form at a signed-out start,
 * in its prerendered HTML and as the browser takes that over.
 */
export const HydrateFallback = PageLoader;

export default frame.Page;
