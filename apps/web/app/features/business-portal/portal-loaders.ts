import type { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../../lib/api-client";
import { createQueryClient } from "../../lib/query-client";
import { businessQuery } from "./api";
import { forgetPortal, type PortalSignIn, readPortal } from "./portal-sign-in";

/**
 * The portal's query cache, one for the page (signing out clears it): the routes' loaders fill it
 * before the first render, so a section renders once, with its data, instead of a loading mark, then
 * the frame, then the section (each a render of its own, and each read asked only after the
 * previous render). With the shell's early reads (early-reads.ts) the reads are already on their way.
 */
export const portalQueryClient = createQueryClient();

/** The business shown: the one the address names (`?business=<id>`, so a bookmark keeps it), else the first. */
export const chosenBusiness = (signedIn: PortalSignIn, params: URLSearchParams) =>
  signedIn.businesses.find((b) => b._id === params.get("business")) ?? signedIn.businesses[0];

/** A portal session that ended (401) or a business no longer this admin's (404): signed out. */
export const sessionEnded = (error: unknown) =>
  error instanceof ApiError && [401, 404].includes(error.httpStatus);

/** Signed out (or the session ended): the stored sign-in and every answer read with it are gone. */
export function forgetPortalSession() {
  forgetPortal();
  portalQueryClient.clear();
}

/**
 * The portal layout's loader: the chosen business read before the frame renders. Its session ended,
 * the stored sign-in is forgotten, so the portal opens on its sign-in form.
 */
export async function loadPortal(request: Request) {
  const signedIn = readPortal();
  const chosen = signedIn && chosenBusiness(signedIn, new URL(request.url).searchParams);
  if (!chosen) return null;
  const query = businessQuery(chosen._id);
  await portalQueryClient.prefetchQuery(query);
  if (sessionEnded(portalQueryClient.getQueryState(query.queryKey)?.error)) forgetPortalSession();
  return null;
}

/**
 * A section's loader: what it opens on, read beside the business (`read`, given the business and the
 * address's query), before it renders. A failed read shows in the section as before.
 */
export function sectionLoader(
  read: (client: QueryClient, businessId: string, params: URLSearchParams) => Promise<void>,
) {
  return async ({ request }: { request: Request }) => {
    const signedIn = readPortal();
    const url = new URL(request.url);
    const chosen = signedIn && chosenBusiness(signedIn, url.searchParams);
    if (chosen) await read(portalQueryClient, chosen._id, url.searchParams);
    return null;
  };
}
