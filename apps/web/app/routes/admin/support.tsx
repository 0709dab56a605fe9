import { endpoints } from "@serene/contract/endpoints";
import { type SupportMessage, type SupportMessageBulkBody, supportMessageSorts } from "@serene/contract";
import { IconMailOpened } from "@tabler/icons-react";
import { useState } from "react";
import { AdminList } from "../../components/ui/admin-list";
import type { BulkAction, RunBulk } from "../../components/ui/bulk-bar";
import { ListEmpty } from "../../components/ui/list-panel";
import { SearchStateFilterBar } from "../../components/ui/search-state-filter-bar";
import {
  bulkSupportMessages,
  useMarkSupportMessageRead,
  useSupportMessageFilters,
  useSupportMessageList,
} from "../../features/support/api";
import { SupportMessageModal } from "../../features/support/components/support-message-modal";
import { supportMessageTable } from "../../features/support/components/support-messages-table";
import { type PageInfo, pageMeta } from "../../lib/meta";
import { useRefreshAfter } from "../../lib/query-keys";
import type { Route } from "./+types/support";

const page: PageInfo = {
  title: "Support inbox",
  description: "Messages sent with the website's support form. Reply by e-mail; opening one marks it read.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

const stateOptions = [
  { value: "unread", label: "Unread" },
  { value: "read", label: "Read" },
] as const;

const bulkActions: BulkAction<"mark_read">[] = [
  { action: "mark_read", label: "Mark read", icon: <IconMailOpened size={16} aria-hidden="true" /> },
];

export default function Support() {
  const [filters, setFilters] = useSupportMessageFilters();
  const filtered = Boolean(filters.q || filters.state);
  const list = useSupportMessageList(filters);
  const markRead = useMarkSupportMessageRead();
  const [shown, setShown] = useState<{ message: SupportMessage | null; opened: boolean }>({
    message: null,
    opened: false,
  });

  const refreshAfter = useRefreshAfter();
  const run: RunBulk<"mark_read"> = async (action, target) => {
    const answer = await bulkSupportMessages({ action, ...target } as SupportMessageBulkBody);
    await refreshAfter("supportMessage");
    return answer;
  };

  const open = (message: SupportMessage) => {
    setShown({ message, opened: true });
    if (!message.readAt) markRead.mutate(message);
  };

  return (
    <>
      <AdminList
        exportEndpoint={endpoints.support.exportMessages}
        items="messages"
        filtered={filtered}
        pending={{ count: list.data?.meta.unread, label: "unread" }}
        description={page.description}
        list={list}
        toolbar={
          <SearchStateFilterBar
            filters={filters}
            onChange={setFilters}
            searchLabel="Search messages by name, e-mail or subject"
            searchPlaceholder="Search by name, e-mail or subject"
            stateLabel="Read or unread"
            stateOptions={stateOptions}
            allStates="Read and unread"
          />
        }
        loadingLabel="Loading support messages"
        errorTitle="The support messages could not be loaded"
        empty={
          <ListEmpty
            filtered={filtered}
            noMatch={
              filters.state === "unread" && !filters.q
                ? "No unread messages"
                : "No message matches these filters"
            }
            onClear={() => setFilters({ q: undefined, state: undefined })}
            none="No support messages yet"
            hint="Messages sent with the Support page appear here."
          />
        }
        query={filters}
        setQuery={setFilters}
        sorts={supportMessageSorts}
        table={{ ...supportMessageTable(open), label: "Support messages" }}
        bulk={{
          noun: ["message", "messages"],
          name: (message) => message.subject,
          actions: bulkActions,
          run,
        }}
      />

      <SupportMessageModal
        message={shown.message}
        opened={shown.opened}
        onClose={() => setShown((current) => ({ ...current, opened: false }))}
      />
    </>
  );
}
