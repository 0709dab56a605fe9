import { Button, Group, Stack } from "@mantine/core";
import { modals } from "@mantine/modals";
import { type Series, seriesListQuerySchema } from "@serene/contract";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FormModal } from "../../components/ui/form-modal";
import { ListEmpty, ListPanel } from "../../components/ui/list-panel";
import { ListTitle } from "../../components/ui/list-title";
import { SearchInput } from "../../components/ui/search-input";
import { deleteSeries, seriesListQuery } from "../../features/series/api";
import { SeriesForm } from "../../features/series/components/series-form";
import { SeriesTable } from "../../features/series/components/series-table";
import { ApiError } from "../../lib/api-client";
import { type PageInfo, pageMeta } from "../../lib/meta";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { useRefreshAfter } from "../../lib/query-keys";
import { useListQuery } from "../../lib/use-list-query";
import type { Route } from "./+types/series";

const page: PageInfo = {
  title: "Series",
  description: "Series: contents listeners play through in order, with their progress shown in the app.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function SeriesPage() {
  const [filters, setFilters] = useListQuery(seriesListQuerySchema);
  const list = useQuery(seriesListQuery(filters));
  const refreshAfter = useRefreshAfter();
  const [modal, setModal] = useState<{ opened: boolean; series: Series | null }>({
    opened: false,
    series: null,
  });
  const closeModal = () => setModal((current) => ({ ...current, opened: false }));

  const confirmDelete = (series: Series) =>
    modals.openConfirmModal({
      title: `Delete “${series.title}”`,
      children: "The series goes; its contents stay in the app.",
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red.9" },
      onConfirm: () =>
        void deleteSeries(series._id).then(
          async (answer) => {
            notifySuccess(answer.message);
            await refreshAfter("series");
          },
          (error: unknown) => {
            if (!(error instanceof ApiError)) throw error;
            notifyFailure("The series was not deleted", error.message);
          },
        ),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <ListTitle title="All Series" count={filters.q ? undefined : list.data?.meta.total} />
        <Button
          leftSection={<IconPlus size={18} aria-hidden="true" />}
          onClick={() => setModal({ opened: true, series: null })}
        >
          Create Series
        </Button>
      </Group>

      <ListPanel
        list={list}
        toolbar={
          <SearchInput
            value={filters.q ?? ""}
            onSearch={(q) => setFilters({ q }, { replace: true })}
            label="Search series by title"
            placeholder="Search by title"
          />
        }
        loadingLabel="Loading series"
        errorTitle="The series could not be loaded"
        empty={
          <ListEmpty
            filtered={Boolean(filters.q)}
            noMatch="No series has that title"
            onClear={() => setFilters({ q: undefined })}
            clearLabel="Clear the search"
            none="No series yet"
            hint="Create the first one with Create Series: a few contents listeners play in order."
          />
        }
        page={filters.page}
        onPage={(next, options) => setFilters({ page: next }, options)}
      >
        {(rows) => (
          <SeriesTable
            series={rows}
            onEdit={(series) => setModal({ opened: true, series })}
            onDelete={confirmDelete}
          />
        )}
      </ListPanel>

      <FormModal
        opened={modal.opened}
        onClose={closeModal}
        title={modal.series ? "Edit Series" : "Create Series"}
        size="lg"
      >
        <SeriesForm
          key={modal.series?._id ?? "new"}
          series={modal.series ?? undefined}
          onCancel={closeModal}
          onSaved={closeModal}
        />
      </FormModal>
    </Stack>
  );
}
