import { Text } from "@mantine/core";
import type { User } from "@serene/contract";
import { MessageModal } from "../../../components/ui/message-modal";
import { sendMessage } from "../api";
import { useRefreshAfter } from "../../../lib/query-keys";

interface UserMessageModalProps {
  opened: boolean;
  onClose: () => void;
  user: User | null;
}

/** Send Message: a message to one user (app inbox and an e-mail copy), up to 1,000 characters. */
export function UserMessageModal({ opened, onClose, user }: UserMessageModalProps) {
  const refreshAfter = useRefreshAfter();
  if (!user) return null;
  return (
    <MessageModal
      key={user._id}
      opened={opened}
      onClose={onClose}
      title="Send Message"
      recipient={
        <Text size="sm">
          To <strong>{user.username}</strong>{" "}
          <Text span c="dimmed" size="sm">
            ({user.email})
          </Text>
          , in their app inbox and by e-mail.
        </Text>
      }
      withTitle
      label="Message"
      failure="The message was not sent"
      send={(body) => sendMessage(user._id, body)}
      onSent={() => void refreshAfter("user")}
    />
  );
}
