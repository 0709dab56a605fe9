import type { Business } from "@serene/contract";
import { useOutletContext, useSearchParams } from "react-router";

/** What every portal section gets from the portal's layout: the business shown and who signed in. */
export interface PortalContext {
  businessId: string;
  business: Business;
  /** The signed-in admin's e-mail. */
  me: string;
}

export const usePortal = () => useOutletContext<PortalContext>();

export const PORTAL_PATH = "/business/portal";

/**
 * How many seats and activity entries a page of the portal reads (the shell's early reads too): 25
 * seats fill a phone's screen several times over, and "Show more seats" adds 25 more (100 cards laid
 * out at once blocked a phone's main thread for some 300 ms before the section answered a tap).
 */
export const PAGE_SIZE = { seats: 25, activity: 50 } as const;

/** A portal section's path, keeping the business chosen in the address (`?business=<id>`). */
export function usePortalPath() {
  const [params] = useSearchParams();
  const chosen = params.get("business");
  return (section: string) =>
    `${PORTAL_PATH}${section ? `/${section}` : ""}${chosen ? `?business=${encodeURIComponent(chosen)}` : ""}`;
}
