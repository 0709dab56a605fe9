import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconLogout } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { logout } from "./api";
import { useDownloads } from "../library/use-downloads";
import { formatBytes } from "../shared/format";
import { leave } from "./leave";

/** Signing out asks first: what is downloaded on this device goes with it. */
export function SignOut() {
  const [opened, { open, close }] = useDisclosure(false);
  const signOut = useMutation({ mutationFn: logout, onSettled: leave });
  const { list, bytes } = useDownloads();
  const count = list.data?.length ?? 0;
  return (
    <Group>
      <Button variant="default" leftSection={<IconLogout size={18} aria-hidden="true" />} onClick={open}>
        Sign out
      </Button>
      <Modal opened={opened} onClose={close} title="Sign out?" closeButtonProps={{ "aria-label": "Close" }}>
        <Stack gap="md">
          <Text size="sm">
            {count > 0
              ? `The ${count === 1 ? "download" : `${count} downloads`} on this device (${formatBytes(bytes)}) will be removed. You can download again after signing in.`
              : "Downloads on this device are removed when you sign out. You can sign in again at any time."}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button onClick={() => signOut.mutate()} loading={signOut.isPending}>
              Sign out
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}
