import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { apiHref, type RequestOptions } from "../../lib/api-client";

/**
 * Export CSV in a list's header: a plain link to the list's `/export` with the list's filter (the
 * page left out; the order too, unless the list's export follows it), so the browser saves the
 * server's streamed file as it arrives.
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
  const icon = <IconDownload size={18} aria-hidden="true" />;
  // Nothing to export: a real disabled button (a disabled-looking link is still a link, and its
  // faded text fails the contrast check).
  if (disabled) {
    return (
      <Button variant="light" leftSection={icon} disabled>
        Export CSV
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={apiHref(`${path}/export`, filter)}
      download
      variant="light"
      leftSection={icon}
    >
      Export CSV
    </Button>
  );
}
