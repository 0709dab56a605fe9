import { ActionIcon, Menu } from "@mantine/core";
import type { User } from "@serene/contract";
import {
  IconDots,
  IconMail,
  IconMailForward,
  IconMicrophone2,
  IconPencil,
  IconTrash,
} from "@tabler/icons-react";
import { useMe } from "../../../lib/shared-api";
import { useDeleteUser, useMakeHost, useResendInvitation } from "../actions";

interface UserActionsMenuProps {
  user: User;
  onEdit: (user: User) => void;
  onMessage: (user: User) => void;
}

/**
 * The ACTION column's row menu: Make a host, Edit Profile, Send Message, Resend invitation (while
 * the user has not used it), Delete Profile.
 */
export function UserActionsMenu({ user, onEdit, onMessage }: UserActionsMenuProps) {
  const me = useMe();
  const makeHost = useMakeHost();
  const deleteUser = useDeleteUser();
  const resendInvitation = useResendInvitation();
  const isMe = me.data?._id === user._id;

  return (
    <Menu position="bottom-end" width={200} withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Actions for ${user.username}`}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconMicrophone2 size={16} aria-hidden="true" />}
          disabled={user.user_role !== "user"}
          onClick={() => makeHost(user)}
        >
          {user.user_role === "user"
            ? "Make a host"
            : `Already ${user.user_role === "admin" ? "an admin" : "a host"}`}
        </Menu.Item>
        <Menu.Item leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => onEdit(user)}>
          Edit Profile
        </Menu.Item>
        <Menu.Item leftSection={<IconMail size={16} aria-hidden="true" />} onClick={() => onMessage(user)}>
          Send Message
        </Menu.Item>
        {user.invited && (
          <Menu.Item
            leftSection={<IconMailForward size={16} aria-hidden="true" />}
            onClick={() => void resendInvitation(user)}
          >
            Resend invitation
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} aria-hidden="true" />}
          disabled={isMe}
          onClick={() => deleteUser(user)}
        >
          {isMe ? "Delete Profile (that's you)" : "Delete Profile"}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
