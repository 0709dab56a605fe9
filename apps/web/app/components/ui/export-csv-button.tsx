import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { Endpoint } from "@serene/contract";
import { endpointUrl, type RequestOptions } from "../../lib/api-client";

/**
 * Export CSV in a list's header: a plain link to the list's export endpoint with the list's filter
 * (the page left out; the order too, unless the list's export follows it), so the browser saves
 * the server's streamed file as it arrives.
 */
export function ExportCsvButton({
  endpoint,
  filter,
  disabled,
}: {
  /** The list's export, e.g. `endpoints.users.export`. */
  endpoint: Endpoint;
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
      href={endpointUrl(endpoint, { query: filter } as { query?: never })}
      download
      variant="light"
      leftSection={icon}
    >
      Export CSV
    </Button>
  );
}
