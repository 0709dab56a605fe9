import { Center, Drawer, Loader } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { LoadError } from "./load-error";
import { usePhone } from "./use-phone";

interface DetailDrawerProps<T> {
  /** The record to show; null closes the drawer. */
  id: string | null;
  onClose: () => void;
  /** The record's query by id (null before one was ever shown). */
  useDetail: (id: string | null) => UseQueryResult<T, Error>;
  /** What the record is ("purchase"): the title until it is loaded, the loader's and the error's words. */
  noun: string;
  /** The title once the record is loaded (its name). */
  title: (detail: T) => string;
  /** The record's details. */
  children: (detail: T) => ReactNode;
}

/**
 * One record of a back-office list beside the list (full screen on phones), closing with Escape
 * or Close: its loader, its load error with Try again, then its details. While the drawer slides
 * away, it keeps showing the record it showed.
 */
export function DetailDrawer<T>({ id, onClose, useDetail, noun, title, children }: DetailDrawerProps<T>) {
  const phone = usePhone();
  const [shownId, setShownId] = useState(id);
  if (id !== null && id !== shownId) setShownId(id);
  const detail = useDetail(shownId);

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={phone ? "100%" : "xl"}
      title={detail.data === undefined ? noun[0]!.toUpperCase() + noun.slice(1) : title(detail.data)}
      closeButtonProps={{ "aria-label": "Close" }}
      styles={{ title: { fontWeight: 800, fontSize: "var(--mantine-font-size-xl)" } }}
    >
      {detail.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={`Loading the ${noun}`} />
        </Center>
      ) : detail.isError ? (
        <LoadError
          title={`The ${noun} could not be loaded`}
          error={detail.error}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        children(detail.data)
      )}
    </Drawer>
  );
}
