import { ActionIcon, Menu, Text } from "@mantine/core";
import type { TablerIcon } from "@tabler/icons-react";

/** A top-bar button with a dropdown of recent items; notifications and messages arrive in a later issue. */
export function InboxMenu({ label, icon: ItemIcon }: { label: string; icon: TablerIcon }) {
  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={label}>
          <ItemIcon size={20} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        <Text size="sm" c="dimmed" px="sm" pb="sm">
          Nothing new yet.
        </Text>
      </Menu.Dropdown>
    </Menu>
  );
}
