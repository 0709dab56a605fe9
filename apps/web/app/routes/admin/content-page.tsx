import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import type { Resource } from "@serene/contract";
import { IconPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { ListFooter } from "../../components/ui/list-footer";
import { LoadError } from "../../components/ui/load-error";
import { ContentFilterBar } from "../../features/resources/components/content-filter-bar";
import { ContentModal } from "../../features/resources/components/content-modal";
import { ContentList } from "../../features/resources/components/content-list";
import { useContentFilters } from "../../features/resources/hooks/use-content-filters";
import { useDeleteResource } from "../../features/resources/hooks/use-delete-resource";
import { useResourceList } from "../../features/resources/hooks/use-resource-list";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/content-page";

const page: PageInfo = {
  title: "Contents",
  description: "The audio content (resources) of the app: create, edit and delete it here.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

const PAGE_SIZE = 20;

export default function ContentPage() {
  const [filters, setFilters] = useContentFilters();
  const filtered = Boolean(filters.q || filters.mood || filters.interest || filters.paymentType);
  const params = {
    page: filters.page,
    limit: PAGE_SIZE,
    q: filters.q || undefined,
    mood: filters.mood ?? undefined,
    interest: filters.interest ?? undefined,
    paymentType: filters.paymentType ?? undefined,
  };
  const list = useResourceList(params);
  // The heading counts every content; unfiltered, the page's own answer already says how many.
  const everything = useResourceList(filtered ? { limit: 1 } : params);
  const total = everything.data?.meta.total;

  const [modal, setModal] = useState<{ opened: boolean; resource: Resource | null }>({
    opened: false,
    resource: null,
  });
  const closeModal = () => setModal((current) => ({ ...current, opened: false }));
  const confirmDelete = useDeleteResource();

  // Past the last page (the last content of that page was deleted, or an old link): go to the last one.
  const pages = list.isPlaceholderData ? undefined : list.data?.meta.pages;
  useEffect(() => {
    if (pages && filters.page > pages) setFilters({ page: pages }, { replace: true });
  }, [pages, filters.page, setFilters]);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz="h3">
          All Contents{total === undefined ? "" : ` (${total.toLocaleString("en-US")})`}
        </Title>
        <Button
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => setModal({ opened: true, resource: null })}
        >
          Create Content
        </Button>
      </Group>

      <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
        <Stack gap="md">
          <ContentFilterBar filters={filters} onChange={setFilters} />
          {list.isPending ? (
            <Center py="xl">
              <Loader role="status" aria-label="Loading contents" />
            </Center>
          ) : list.isError ? (
            <LoadError
              title="The contents could not be loaded"
              error={list.error}
              onRetry={() => void list.refetch()}
            />
          ) : list.data.data.length === 0 ? (
            <Stack align="center" gap="xs" py="xl">
              <Text fw={700}>{filtered ? "No content matches these filters" : "No contents yet"}</Text>
              {filtered ? (
                <Button
                  variant="light"
                  onClick={() => setFilters({ q: "", mood: null, interest: null, paymentType: null })}
                >
                  Clear filters
                </Button>
              ) : (
                <Text c="dimmed" size="sm">
                  Create the first one with Create Content.
                </Text>
              )}
            </Stack>
          ) : (
            <>
              <ContentList
                resources={list.data.data}
                onEdit={(resource) => setModal({ opened: true, resource })}
                onDelete={confirmDelete}
              />
              <ListFooter meta={list.data.meta} onPage={(next) => setFilters({ page: next })} />
            </>
          )}
        </Stack>
      </Paper>

      <ContentModal opened={modal.opened} onClose={closeModal} resource={modal.resource} />
    </Stack>
  );
}
