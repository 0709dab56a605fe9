import { Group, Stack, Text } from "@mantine/core";
import type { Series } from "@serene/contract";
import { ContentCover } from "../../../components/entities/content-cover";
import { type DataColumn, DataTable, numericCell } from "../../../components/ui/data-table";
import { DateText } from "../../../components/ui/date-text";
import { EditDeleteButtons } from "../../../components/ui/edit-delete-buttons";
import { StateBadge } from "../../../components/ui/state-badge";

const looks = {
  published: { label: "Published", color: "teal" },
  draft: { label: "Draft", color: "gray" },
} as const;

const PublishedBadge = ({ series }: { series: Series }) => (
  <StateBadge look={series.published ? looks.published : looks.draft} />
);
const count = (series: Series) => `${series.itemIds.length} contents`;

/** The series of one page: a table, or on phones a list of cards. */
export function SeriesTable({
  series,
  onEdit,
  onDelete,
}: {
  series: Series[];
  onEdit: (series: Series) => void;
  onDelete: (series: Series) => void;
}) {
  const actions = (row: Series) => (
    <EditDeleteButtons name={row.title} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
  );
  const columns: DataColumn<Series>[] = [
    { header: "Image", td: { w: 64 }, cell: (row) => <ContentCover resource={row} /> },
    {
      header: "Title",
      td: { miw: 200 },
      cell: (row) => (
        <Text fw={700} size="sm" lineClamp={2}>
          {row.title}
        </Text>
      ),
    },
    { header: "Contents", cell: count },
    { header: "State", cell: (row) => <PublishedBadge series={row} /> },
    {
      header: "Updated",
      td: numericCell,
      cell: (row) => <DateText iso={row.updated_at} />,
    },
    { header: "Action", td: { w: 200 }, cell: actions },
  ];
  return (
    <DataTable
      rows={series}
      rowKey={(row) => row._id}
      label="Series"
      columns={columns}
      minWidth={720}
      card={(row) => (
        <Stack gap="xs">
          <Group gap="sm" wrap="nowrap">
            <ContentCover resource={row} />
            <div style={{ minWidth: 0, flex: 1 }}>
              <Text fw={700} size="sm" lineClamp={2}>
                {row.title}
              </Text>
              <Text size="xs" c="dimmed">
                {count(row)}
              </Text>
            </div>
            <PublishedBadge series={row} />
          </Group>
          {actions(row)}
        </Stack>
      )}
    />
  );
}
