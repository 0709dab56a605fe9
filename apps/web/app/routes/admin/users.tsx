import { endpoints } from "@serene/contract/endpoints";
import { Button, SegmentedControl } from "@mantine/core";
import {
  type UserAudience,
  type UserBulkBody,
  userAudiences,
  userListQuerySchema,
  userSorts,
} from "@serene/contract";
import { IconMessage, IconMicrophone, IconTrash, IconUserPlus } from "@tabler/icons-react";
import { useState } from "react";
import { AdminList } from "../../components/ui/admin-list";
import type { BulkAction, RunBulk } from "../../components/ui/bulk-bar";
import { ListEmpty } from "../../components/ui/list-panel";
import { bulkUsers, useUserList } from "../../features/users/api";
import { CreateUserModal } from "../../features/users/components/create-user-modal";
import {
  isUserFiltered,
  noUserFilters,
  UserFilterBar,
} from "../../features/users/components/user-filter-bar";
import { useUsersTable } from "../../features/users/components/users-table";
import { type PageInfo, pageMeta } from "../../lib/meta";
import { useRefreshAfter } from "../../lib/query-keys";
import { oneOf, useListQuery } from "../../lib/use-list-query";
import type { Route } from "./+types/users";

const page: PageInfo = {
  title: "Users",
  description: "Every app user, with their mood and subscription; the staff apart.",
};

export const handle = page;

/** The switch's words and the heading over each audience's table. */
const audienceLabels: Record<UserAudience, string> = { app: "App users", staff: "Staff", all: "Everyone" };
const audienceTitles: Record<UserAudience, string> = {
  app: "Users Table",
  staff: "Staff",
  all: "All accounts",
};
/** What a filtered heading counts: "Users Table: 3 of 431 users". */
const audienceNouns: Record<UserAudience, string> = { app: "users", staff: "staff", all: "accounts" };

type UserAction = UserBulkBody["action"];
const bulkActions: BulkAction<UserAction>[] = [
  {
    action: "message",
    label: "Send message to",
    icon: <IconMessage size={16} aria-hidden="true" />,
    text: { label: "Message (in their app inbox, with an e-mail copy)", required: true },
  },
  { action: "make_host", label: "Make host", icon: <IconMicrophone size={16} aria-hidden="true" /> },
  {
    action: "delete",
    label: "Delete",
    danger: true,
    undoable: true,
    icon: <IconTrash size={16} aria-hidden="true" />,
  },
];

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Users() {
  const [filters, setFilters] = useListQuery(userListQuerySchema);
  const list = useUserList(filters);
  const filtered = isUserFiltered(filters);
  const searchOnly = filtered && !isUserFiltered({ ...filters, q: undefined });
  // The heading counts the whole audience; unfiltered, the page's own answer already says how many.
  const everyone = useUserList(filtered ? { limit: 1, audience: filters.audience } : filters);
  const staff = filters.audience === "staff";
  const [creating, setCreating] = useState(false);
  const { table, dialogs } = useUsersTable();
  const refreshAfter = useRefreshAfter();

  const run: RunBulk<UserAction> = async (action, target, text) => {
    const body = (
      action === "message" ? { action, ...target, message: text } : { action, ...target }
    ) as UserBulkBody;
    const answer = await bulkUsers(body);
    await refreshAfter("user");
    return answer;
  };

  return (
    <>
      <AdminList
        exportEndpoint={endpoints.users.export}
        exportSorted
        title={audienceTitles[filters.audience]}
        count={everyone.data?.meta.total}
        filteredOf={{ filtered, noun: audienceNouns[filters.audience] }}
        actions={
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden="true" />}
            onClick={() => setCreating(true)}
          >
            Create User
          </Button>
        }
        above={
          <SegmentedControl
            aria-label="Accounts to show"
            data={userAudiences.map((value) => ({ value, label: audienceLabels[value] }))}
            value={filters.audience}
            onChange={(audience) =>
              setFilters({ audience: oneOf(userAudiences, audience) ?? "app", role: undefined })
            }
            w={{ base: "100%", xs: "auto" }}
            style={{ alignSelf: "flex-start" }}
          />
        }
        list={list}
        toolbar={<UserFilterBar filters={filters} onChange={setFilters} />}
        loadingLabel="Loading users"
        errorTitle="The users could not be loaded"
        empty={
          <ListEmpty
            filtered={filtered}
            noMatch={searchOnly ? "No user matches this search" : "No user matches these filters"}
            onClear={() => setFilters(noUserFilters)}
            clearLabel={searchOnly ? "Clear search" : "Clear filters"}
            none={staff ? "No staff" : "No users yet"}
            hint="Create the first one with Create User."
          />
        }
        query={filters}
        setQuery={setFilters}
        sorts={userSorts}
        table={{ ...table, label: "Users" }}
        bulk={{ noun: ["user", "users"], name: (user) => user.username, actions: bulkActions, run }}
      />
      {dialogs}
      <CreateUserModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}
