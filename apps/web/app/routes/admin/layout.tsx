import {
  IconBell,
  IconCategory,
  IconDeviceMobileCog,
  IconHeadphones,
  IconInbox,
  IconLayoutDashboard,
  IconMessage,
  IconMicrophone2,
  IconReceipt,
  IconTimeline,
  IconUserX,
  IconUsers,
} from "@tabler/icons-react";
import { ModalsProvider } from "@mantine/modals";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { Outlet, redirect, useMatches } from "react-router";
import { type AdminNavItem, AdminShell } from "../../components/layouts/admin-shell";
import { MantineRoot } from "../../components/ui/mantine-root";
import { InboxMenu } from "../../features/activity/components/inbox-menu";
import { ProfileMenu } from "../../features/auth/components/profile-menu";
import { LOGIN_PATH, readToken } from "../../lib/auth-token";
import { isPageInfo } from "../../lib/meta";
import { createQueryClient } from "../../lib/query-client";

const navItems: readonly AdminNavItem[] = [
  { to: "/admin", label: "Dashboard", icon: IconLayoutDashboard, end: true },
  { to: "/admin/contentPage", label: "Contents", icon: IconHeadphones },
  { to: "/admin/createInterest", label: "Interests", icon: IconCategory },
  { to: "/admin/users", label: "Users", icon: IconUsers },
  { to: "/admin/hostrequest", label: "Host request", icon: IconMicrophone2 },
  { to: "/admin/purchases", label: "Purchases", icon: IconReceipt },
  { to: "/admin/support", label: "Support inbox", icon: IconInbox },
  { to: "/admin/deletion-requests", label: "Deletion requests", icon: IconUserX },
  { to: "/admin/app-management", label: "Manage App", icon: IconDeviceMobileCog },
  { to: "/admin/feed", label: "Feed", icon: IconTimeline },
];

/** The guard: without a stored admin token, every /admin page sends the browser to sign-in. */
export function clientLoader() {
  if (!readToken()) throw redirect(LOGIN_PATH);
  return null;
}

export default function AdminLayout() {
  // One cache per signed-in visit: signing out unmounts this layout and drops it.
  const [queryClient] = useState(createQueryClient);
  const page = useMatches()
    .map((match) => match.handle)
    .findLast(isPageInfo);

  return (
    <QueryClientProvider client={queryClient}>
      <MantineRoot>
        {/* Confirm dialogs: their close button is named, as every other dialog's. */}
        <ModalsProvider modalProps={{ closeButtonProps: { "aria-label": "Close" } }}>
          <AdminShell
            navItems={navItems}
            title={page?.title ?? "Back office"}
            actions={
              <>
                <InboxMenu
                  label="Notifications"
                  icon={IconBell}
                  kinds={["host_request", "deletion_request", "purchase"]}
                  emptyText="No host requests, purchases or deletion requests yet."
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
    </QueryClientProvider>
  );
}
