import { Text } from "@mantine/core";
import type { Resource } from "@serene/contract";
import { MessageModal } from "../../../components/ui/message-modal";
import { sendResourceFeedback } from "../api";

interface FeedbackModalProps {
  opened: boolean;
  onClose: () => void;
  resource: Resource | null;
}

/** Send feedback: a message about one content to its uploader's app inbox. */
export function FeedbackModal({ opened, onClose, resource }: FeedbackModalProps) {
  if (!resource) return null;
  return (
    <MessageModal
      key={resource._id}
      opened={opened}
      onClose={onClose}
      title="Send feedback"
      recipient={
        <Text size="sm">
          About <strong>{resource.title}</strong>, to{" "}
          {resource.userEmail ? <strong>{resource.userEmail}</strong> : "its uploader"}.
        </Text>
      }
      label="Feedback"
      failure="The feedback was not sent"
      send={(body) => sendResourceFeedback(resource._id, body)}
    />
  );
}
