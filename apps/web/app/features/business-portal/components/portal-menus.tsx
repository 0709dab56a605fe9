import { ActionIcon, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconBuildingStore, IconChevronDown, IconUserCircle } from "@tabler/icons-react";

// The portal header's two menus, loaded after the section shows (the layout imports them lazily):
// a menu needs Mantine's Popover and its positioning library, which most sections do not.

/** Switches between the businesses this admin manages (only shown for more than one). */
export function BusinessSwitcher({
  businesses,
  chosenId,
  name,
  onChoose,
}: {
  businesses: { _id: string; name: string }[];
  chosenId: string;
  name: string;
  onChoose: (id: string) => void;
}) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <UnstyledButton aria-label={`Business: ${name}. Switch business`}>
          <Group gap={4} wrap="nowrap">
            <IconBuildingStore size={20} aria-hidden="true" />
            <Text size="sm" visibleFrom="sm">
              Switch business
            </Text>
            <IconChevronDown size={16} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {businesses.map((b) => (
          <Menu.Item
            key={b._id}
            aria-current={b._id === chosenId ? "true" : undefined}
            onClick={() => onChoose(b._id)}
          >
            {b.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** On a phone, who is signed in and Sign out, behind the account button. */
export function AccountMenu({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" hiddenFrom="md" aria-label="Account">
          <IconUserCircle size={22} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as {email}</Menu.Label>
        <Menu.Item onClick={onSignOut}>Sign out</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
