import type { PortalService } from "./portal.service.ts";

/** What the portal's route files share: their options. */
export interface PortalRoutesOptions {
  portal: PortalService;
  siteUrl: string;
  secureCookies: boolean;
  sessionTtlMs: number;
  /** Sign-in links asked per client address per window. */
  linkLimit: { max: number; timeWindow: number };
}
