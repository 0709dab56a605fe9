import { Box, Center, Loader } from "@mantine/core";
import {
  IconHistory,
  IconLayoutDashboard,
  IconListCheck,
  IconReceipt,
  IconReportAnalytics,
  IconShieldLock,
  IconUserPlus,
  IconUsers,
} from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { type AdminNavItem, AdminShell } from "../../../components/layouts/admin-shell";
import { InlineCss } from "../../../components/ui/inline-css";
import { PORTAL_PATH, usePortalPath } from "../portal-context";
import { PORTAL_SECTIONS, type PortalSectionPath } from "../sections";
import { PortalSection } from "./portal-section";
import { SignInForm } from "./sign-in-form";

/** Each section's icon in the menu. */
const ICONS: Record<PortalSectionPath, AdminNavItem["icon"]> = {
  "": IconLayoutDashboard,
  seats: IconUsers,
  invite: IconUserPlus,
  eligibility: IconListCheck,
  billing: IconReceipt,
  report: IconReportAnalytics,
  admins: IconShieldLock,
  activity: IconHistory,
};
const PATHS = Object.keys(PORTAL_SECTIONS) as PortalSectionPath[];

/** The portal's frame: the business's name, the header's controls (`actions`), the sections' menu. */
export function PortalShell({
  title,
  actions,
  children,
}: {
  title: string;
  actions: ReactNode;
  children: ReactNode;
}) {
  const pathTo = usePortalPath();
  const navItems = PATHS.map((path) => ({
    to: pathTo(path),
    label: PORTAL_SECTIONS[path].label,
    icon: ICONS[path],
    end: true,
  }));
  return (
    <AdminShell navItems={navItems} navLabel="Portal sections" title={title} actions={actions}>
      {children}
    </AdminShell>
  );
}

/** The business is being read: what the frame shows meanwhile. */
export const LoadingBusiness = () => (
  <Center mih="50vh">
    <Loader aria-label="Loading your business" />
  </Center>
);

/** Where the phone's account button shows once its menu has loaded. */
export const AccountPlace = () => <Box w={34} h={34} hiddenFrom="md" />;

// The head's script (early-reads.ts) marks a browser holding a stored sign-in before the first
// paint: it sees the frame, any other the sign-in form.
const FIRST_PAINT_CSS =
  "html[data-portal-signed-in] .portal-first-signed-out,html:not([data-portal-signed-in]) .portal-first-signed-in{display:none}";

/**
 * A section's first paint, prerendered into its HTML (the layout's HydrateFallback): readable before
 * any script has loaded, the sign-in form signed out, the frame with the section's heading (and the
 * paragraph it opens with) and the business being read signed in. The layout, once its code has
 * run, shows the same (the sign-in form, or the frame and the section) in the same places.
 */
export function PortalFirstPaint() {
  const { pathname } = useLocation();
  const section = PATHS.find(
    (path) => pathname.replace(/\/+$/, "") === `${PORTAL_PATH}${path && `/${path}`}`,
  );
  return (
    <>
      <InlineCss name="portal-first-paint" css={FIRST_PAINT_CSS} />
      <div className="portal-first-signed-out">
        <SignInForm firstPaint />
      </div>
      <div className="portal-first-signed-in">
        <PortalShell title="" actions={<AccountPlace />}>
          {section !== undefined ? (
            <PortalSection of={section}>
              <LoadingBusiness />
            </PortalSection>
          ) : (
            <LoadingBusiness />
          )}
        </PortalShell>
      </div>
    </>
  );
}
