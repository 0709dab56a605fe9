import {
  IconBell,
  IconBuildingStore,
  IconCategory,
  IconClipboardCheck,
  IconDeviceMobileCog,
  IconHeadphones,
  IconHistory,
  IconInbox,
  IconLayoutDashboard,
  IconListNumbers,
  IconMessage,
  IconMicrophone2,
  IconReceipt,
  IconSettings,
  IconTimeline,
  IconTrash,
  IconShieldLock,
  IconUserCircle,
  IconUserX,
  IconUsers,
} from "@tabler/icons-react";
import { Alert } from "@mantine/core";
import { editorNotificationKinds, type UserRole } from "@serene/contract";
import { ModalsProvider } from "@mantine/modals";
import { QueryClientProvider } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Navigate, Outlet, redirect, useLocation, useMatches } from "react-router";
import { useMe } from "../../lib/shared-api";
import { type AdminNavItem, AdminShell } from "../../components/layouts/admin-shell";
import { MantineRoot } from "../../components/ui/mantine-root";
import { InboxMenu } from "../../features/activity/components/inbox-menu";
import { ProfileMenu } from "../../features/auth/components/profile-menu";
import { useTwoFactor } from "../../features/staff/api";
import { usePendingReviewCount } from "../../features/resources/api";
import { PENDING_REVIEW_PATH } from "../../lib/review-paths";
import { LOGIN_PATH, readToken } from "../../lib/auth-token";
import { isPageInfo } from "../../lib/meta";
import { createQueryClient } from "../../lib/query-client";

/** The sidebar; `pending`: how many contents wait for review (undefined until known). */
const allNavItems = (pending: number | undefined): AdminNavItem[] => [
  { to: "/admin", label: "Dashboard", icon: IconLayoutDashboard, end: true },
  { to: "/admin/contentPage", label: "Contents", icon: IconHeadphones },
  {
    to: PENDING_REVIEW_PATH,
    label: pending === undefined ? "Pending review" : `Pending review (${pending})`,
    icon: IconClipboardCheck,
  },
  { to: "/admin/createInterest", label: "Interests", icon: IconCategory },
  { to: "/admin/series", label: "Series", icon: IconListNumbers },
  { to: "/admin/users", label: "Users", icon: IconUsers },
  { to: "/admin/hostrequest", label: "Host request", icon: IconMicrophone2 },
  { to: "/admin/purchases", label: "Purchases", icon: IconReceipt },
  { to: "/admin/businesses", label: "Businesses", icon: IconBuildingStore },
  { to: "/admin/support", label: "Support inbox", icon: IconInbox },
  { to: "/admin/deletion-requests", label: "Deletion requests", icon: IconUserX },
  { to: "/admin/trash", label: "Trash", icon: IconTrash },
  { to: "/admin/app-management", label: "Manage App", icon: IconDeviceMobileCog },
  { to: "/admin/feed", label: "Feed", icon: IconTimeline },
  { to: "/admin/activity", label: "Activity Log", icon: IconHistory },
  { to: "/admin/admins", label: "Admins", icon: IconShieldLock },
  { to: "/admin/profile", label: "Profile", icon: IconUserCircle },
  { to: "/admin/settings", label: "Settings", icon: IconSettings },
];

/** What an editor may open (the server's `staff` routes): the catalogue, the review queue, app messages, their own account. */
const EDITOR_PAGES = [
  "/admin/contentPage",
  "/admin/createInterest",
  "/admin/series",
  "/admin/app-management",
  "/admin/profile",
  "/admin/settings",
];
const PROFILE_PATH = "/admin/profile";
const editorMay = (path: string) =>
  path === "/admin" || EDITOR_PAGES.some((page) => path === page || path.startsWith(`${page}/`));

/** The sidebar of a role: an editor's lists only the pages an editor may use (until the role is known, those). */
function navItemsFor(role: UserRole | undefined, pending: number | undefined) {
  const items = allNavItems(pending);
  return role === "admin" ? items : items.filter((item) => editorMay(item.to.split("?")[0]!));
}

/** The guard: without a stored admin token, every /admin page sends the browser to sign-in. */
export function clientLoader() {
  if (!readToken()) throw redirect(LOGIN_PATH);
  return null;
}

export default function AdminLayout() {
  // One cache per signed-in visit: signing out unmounts this layout and drops it.
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AdminFrame />
    </QueryClientProvider>
  );
}

/** The sidebar with the review queue's live count, the top bar's alerts, and the page. */
function AdminFrame() {
  const page = useMatches()
    .map((match) => match.handle)
    .findLast(isPageInfo);
  const role = useMe().data?.user_role;
  const setupRequired = useTwoFactor().data?.setupRequired === true;
  const { pathname } = useLocation();
  const pending = usePendingReviewCount().data;
  const items = useMemo(
    () =>
      setupRequired
        ? allNavItems(pending).filter((item) => item.to === PROFILE_PATH)
        : navItemsFor(role, pending),
    [role, pending, setupRequired],
  );
  const isAdmin = role === "admin";

  return (
    <MantineRoot>
      {/* Confirm dialogs: their close button is named, as every other dialog's. */}
      <ModalsProvider modalProps={{ closeButtonProps: { "aria-label": "Close" } }}>
        <AdminShell
          navItems={items}
          title={page?.title ?? "Back office"}
          actions={
            <>
              {role === "editor" && !setupRequired && (
                <InboxMenu
                  label="Notifications"
                  icon={IconBell}
                  kinds={editorNotificationKinds}
                  emptyText="No submissions to review yet."
                />
              )}
              {isAdmin && !setupRequired && (
                <>
                  <InboxMenu
                    label="Notifications"
                    icon={IconBell}
                    kinds={["content_submission", "host_request", "deletion_request", "purchase"]}
                    emptyText="No submissions, host requests, purchases or deletion requests yet."
                  />
                  <InboxMenu
                    label="Messages"
                    icon={IconMessage}
                    kinds={["support_message"]}
                    emptyText="No support messages yet."
                  />
                </>
              )}
              <ProfileMenu />
            </>
          }
        >
          {setupRequired && pathname !== PROFILE_PATH ? (
            // The server refuses everything else until it is on; the set-up is on the Profile page.
            <Navigate to={PROFILE_PATH} replace />
          ) : role === "editor" && !editorMay(pathname) ? (
            <Alert color="yellow" variant="light" title="This page is for admins" maw={640}>
              Your editor account manages the catalogue (contents, interests, series), the review queue and
              the app messages. Ask an admin if you need this page.
            </Alert>
          ) : (
            <Outlet />
          )}
        </AdminShell>
      </ModalsProvider>
    </MantineRoot>
  );
}
