import type { PageMeta } from "@serene/contract";
import { Group, Pagination, Text } from "@mantine/core";
import { formatCount } from "../../lib/format";

/** Under a paged list: which rows are shown of how many, and the pages. */
export function ListFooter({ meta, onPage }: { meta: PageMeta; onPage: (page: number) => void }) {
  const first = (meta.page - 1) * meta.limit + 1;
  const last = Math.min(meta.page * meta.limit, meta.total);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {formatCount(first)}–{formatCount(last)} of {formatCount(meta.total)}
      </Text>
      {meta.pages > 1 && (
        <Pagination
          total={meta.pages}
          value={meta.page}
          onChange={onPage}
          size="sm"
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ "aria-label": `${control} page` })}
          getItemProps={(item) => ({ "aria-label": `Page ${item}` })}
        />
      )}
    </Group>
  );
}
