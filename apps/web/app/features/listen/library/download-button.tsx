import { Button } from "@mantine/core";
import { IconCircleCheck, IconDownload } from "@tabler/icons-react";
import type { AppResourceDetail } from "@serene/contract";
import { useDownloads } from "./use-downloads";
import { downloadsSupported } from "./downloads";
import { sayError } from "../shared/error-words";
import { notifyFailure } from "../../../lib/notify";

/** Saves an item for offline listening (free ones, and paid ones while entitled), or removes it. */
export function DownloadButton({ resource }: { resource: AppResourceDetail }) {
  const { list, save, remove } = useDownloads();
  if (!downloadsSupported() || resource.locked) return null;
  const saved = list.data?.some((d) => d.resource._id === resource._id) ?? false;
  if (saved) {
    return (
      <Button
        variant="light"
        leftSection={<IconCircleCheck size={18} aria-hidden="true" />}
        onClick={() => remove.mutate(resource._id)}
        loading={remove.isPending}
        aria-label={`Downloaded: remove ${resource.title} from this device`}
      >
        Downloaded
      </Button>
    );
  }
  return (
    <Button
      variant="light"
      leftSection={<IconDownload size={18} aria-hidden="true" />}
      loading={save.isPending}
      onClick={() =>
        save.mutate(resource, { onError: (error) => notifyFailure("Could not download", sayError(error)) })
      }
    >
      Download
    </Button>
  );
}
