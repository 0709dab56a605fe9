import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconChevronDown, IconHistory, IconLogout, IconSettings, IconUser } from "@tabler/icons-react";
import { Link } from "react-router";
import { useMe } from "../../../lib/shared-api";
import { useLogout } from "../actions";

/** The top bar's account menu: who is signed in, their pages, and Logout. */
export function ProfileMenu() {
  const me = useMe();
  const confirmLogout = useLogout();
  const username = me.data?.username;

  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={username ? `Account menu for ${username}` : "Account menu"} px={4} py={4}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={me.data?.image} alt="" name={username} color="serene" radius="xl" size="md" />
            {username && (
              <Text fw={700} size="sm" truncate maw={160} visibleFrom="sm">
                {username}
              </Text>
            )}
            <IconChevronDown size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to="/admin/profile"
          leftSection={<IconUser size={16} aria-hidden="true" />}
        >
          Profile
        </Menu.Item>
        <Menu.Item
          component={Link}
          to="/admin/settings"
          leftSection={<IconSettings size={16} aria-hidden="true" />}
        >
          Settings
        </Menu.Item>
        {me.data?.user_role === "admin" && (
          // The log is an admin's page (an editor's sidebar has no entry for it either).
          <Menu.Item
            component={Link}
            to="/admin/activity"
            leftSection={<IconHistory size={16} aria-hidden="true" />}
          >
            Activity Log
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={confirmLogout}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
