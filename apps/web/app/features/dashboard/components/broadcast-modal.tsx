import { Text } from "@mantine/core";
import { MessageModal } from "../../../components/ui/message-modal";
import { formatCount } from "../../../lib/format";
import { broadcast, useBroadcastAudience } from "../api";

/**
 * Broadcast: one message, with its title, to every user's app inbox ("All users N" is the real
 * count); asked again before it goes.
 */
export function BroadcastModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const audience = useBroadcastAudience(opened);
  const count = audience.data === undefined ? undefined : formatCount(audience.data);
  return (
    <MessageModal
      opened={opened}
      onClose={onClose}
      title="Broadcast"
      recipient={
        <Text fw={700}>
          All users{" "}
          <Text span fw={800} c="var(--mantine-primary-color-filled)">
            {count ?? "…"}
          </Text>
        </Text>
      }
      label="Send message"
      placeholder="Write the message every user finds in their app inbox"
      failure="The message was not sent"
      withTitle="required"
      confirm={() => ({
        question: `Send this message to ${count ? `all ${count}` : "all"} users? It cannot be taken back.`,
        action: "Send to all users",
      })}
      send={broadcast}
    />
  );
}
