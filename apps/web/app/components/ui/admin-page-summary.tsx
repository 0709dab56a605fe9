import { Text } from "@mantine/core";
import type { PageInfo } from "../../lib/meta";

/** A back-office page's one-line summary under the title the top bar shows. */
export function AdminPageSummary({ page }: { page: PageInfo }) {
  return (
    <Text c="dimmed" size="lg" maw="40rem">
      {page.description}
    </Text>
  );
}
