import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { sayError } from "../shared/error-words";
import { refreshHostContent, withdrawHostContent } from "./api";

/**
 * Withdraw, for a content still waiting for review: a confirmation that says what it does (the
 * submission is deleted with its files, for good), then the list without it.
 */
export function WithdrawButton({
  item,
  onWithdrawn,
}: {
  item: { _id: string; title: string };
  /** After the content is gone (the edit page leaves for My content). */
  onWithdrawn?: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const run = useMutation({
    mutationFn: () => withdrawHostContent(item._id),
    onSuccess: async () => {
      setAsking(false);
      notifySuccess(`"${item.title}" was withdrawn.`);
      onWithdrawn?.();
      await refreshHostContent();
    },
    onError: (error) => notifyFailure("Could not withdraw it", sayError(error)),
  });
  return (
    <>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={() => setAsking(true)}
        aria-label={`Withdraw ${item.title}`}
      >
        Withdraw
      </Button>
      <Modal
        opened={asking}
        onClose={() => setAsking(false)}
        title={`Withdraw “${item.title}”?`}
        closeButtonProps={{ "aria-label": "Close" }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            It leaves the review queue and is deleted, with its cover, audio and transcript. This cannot be
            undone: to share it later, upload it again.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setAsking(false)}>
              Keep it
            </Button>
            <Button color="red.9" loading={run.isPending} onClick={() => run.mutate()}>
              Withdraw
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
