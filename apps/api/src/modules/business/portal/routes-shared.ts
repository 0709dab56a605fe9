import type { PortalService } from "./portal.service.ts";

/** What the portal's route files share: their access wording, OpenAPI tag and options. */
export const PUBLIC = "Access: public.";
export const ADMIN = "Access: business admin.";
export const tags = ["business portal"];
/** The portal's routes for a business's admins (a portal session administering the business in the path). */
export const business = { access: "business" as const };

export interface PortalRoutesOptions {
  portal: PortalService;
  siteUrl: string;
  secureCookies: boolean;
  sessionTtlMs: number;
  /** Sign-in links asked per client address per window. */
  linkLimit: { max: number; timeWindow: number };
}
