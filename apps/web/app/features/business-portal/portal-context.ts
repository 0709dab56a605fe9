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

/** A portal section's path, keeping the business chosen in the address (`?business=<id>`). */
export function usePortalPath() {
  const [params] = useSearchParams();
  const chosen = params.get("business");
  return (section: string) =>
    `${PORTAL_PATH}${section ? `/${section}` : ""}${chosen ? `?business=${encodeURIComponent(chosen)}` : ""}`;
}
