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
  IconUserCircle,
  IconUserX,
  IconUsers,
} from "@tabler/icons-react";
import { ModalsProvider } from "@mantine/modals";
import { QueryClientProvider } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Outlet, redirect, useMatches } from "react-router";
import { type AdminNavItem, AdminShell } from "../../components/layouts/admin-shell";
import { MantineRoot } from "../../components/ui/mantine-root";
import { InboxMenu } from "../../features/activity/components/inbox-menu";
import { ProfileMenu } from "../../features/auth/components/profile-menu";
import { usePendingReviewCount } from "../../features/resources/hooks/use-pending-review";
import { PENDING_REVIEW_PATH } from "../../lib/review-paths";
import { LOGIN_PATH, readToken } from "../../lib/auth-token";
import { isPageInfo } from "../../lib/meta";
import { createQueryClient } from "../../lib/query-client";

/** The sidebar; `pending`: how many contents wait for review (undefined until known). */
const navItems = (pending: number | undefined): AdminNavItem[] => [
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
  { to: "/admin/app-management", label: "Manage App", icon: IconDeviceMobileCog },
  { to: "/admin/feed", label: "Feed", icon: IconTimeline },
  { to: "/admin/activity", label: "Activity Log", icon: IconHistory },
  { to: "/admin/profile", label: "Profile", icon: IconUserCircle },
  { to: "/admin/settings", label: "Settings", icon: IconSettings },
];

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
  const pending = usePendingReviewCount().data;
  const items = useMemo(() => navItems(pending), [pending]);

  return (
    <MantineRoot>
      {/* Confirm dialogs: their close button is named, as every other dialog's. */}
      <ModalsProvider modalProps={{ closeButtonProps: { "aria-label": "Close" } }}>
        <AdminShell
          navItems={items}
          title={page?.title ?? "Back office"}
          actions={
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
              <ProfileMenu />
            </>
          }
        >
          <Outlet />
        </AdminShell>
      </ModalsProvider>
    </MantineRoot>
  );
}
