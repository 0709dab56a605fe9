import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";

/** The toast's close button, named for screen readers (Mantine leaves it unnamed). */
const closeButtonProps = { "aria-label": "Dismiss" };

/** How long a toast offering Undo stays: long enough to reach its button. */
const UNDO_MS = 10_000;

/**
 * A toast that something worked, in the server's or the spec's words. With `undo` (a delete
 * that went to the trash), it offers Undo: the toast closes and `undo` runs.
 */
export function notifySuccess(message: string, undo?: () => Promise<void>) {
  if (!undo) {
    notifications.show({ color: "teal", message, closeButtonProps });
    return;
  }
  const id = notifications.show({
    color: "teal",
    autoClose: UNDO_MS,
    closeButtonProps,
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            void undo();
          }}
        >
          Undo
        </Button>
      </Group>
    ),
  });
}

/** A toast that something did not work: what failed, and why when the reason is known. */
export function notifyFailure(what: string, reason?: string) {
  notifications.show(
    reason
      ? { color: "red", title: what, message: reason, autoClose: 8000, closeButtonProps }
      : { color: "red", message: what, closeButtonProps },
  );
}
