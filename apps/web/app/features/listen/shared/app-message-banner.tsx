import { Alert } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { IconSpeakerphone } from "@tabler/icons-react";
import { useAppMessage } from "../account/api";

/** The app-wide message of the back office, until the listener dismisses it. */
export function AppMessageBanner() {
  const { data: message } = useAppMessage();
  const [dismissed, setDismissed] = useLocalStorage<string | null>({
    key: "serene-listen-dismissed-message",
    defaultValue: null,
  });
  if (!message || message.status !== "active" || dismissed === message._id) return null;
  return (
    <Alert
      variant="light"
      icon={<IconSpeakerphone aria-hidden="true" />}
      title={message.title}
      withCloseButton
      closeButtonLabel="Dismiss the message"
      onClose={() => setDismissed(message._id)}
      mb="md"
      radius="lg"
    >
      {message.message}
    </Alert>
  );
}
