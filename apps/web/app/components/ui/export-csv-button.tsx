import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { apiHref, type RequestOptions } from "../../lib/api-client";

/**
 * Export CSV in a list's header: a plain link to the list's `/export` with the list's filter (the
 * page and order left out), so the browser saves the server's streamed file as it arrives.
 */
export function ExportCsvButton({
  path,
  filter,
  disabled,
}: {
  /** The list's API path, e.g. `/user/users`; the export is `<path>/export`. */
  path: string;
  filter: RequestOptions<unknown>["query"];
  disabled?: boolean;
}) {
  return (
    <Button
      component="a"
      href={apiHref(`${path}/export`, filter)}
      download
      variant="light"
      leftSection={<IconDownload size={18} aria-hidden="true" />}
      disabled={disabled}
    >
      Export CSV
    </Button>
  );
}
