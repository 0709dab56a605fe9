import { Button, Group, Modal, Paper, Stack, Text } from "@mantine/core";
import type { SupportMessage } from "@serene/contract";
import { IconArrowBackUp } from "@tabler/icons-react";
import { usePhone } from "../../../components/ui/use-phone";
import { formatDateTime } from "../../../lib/format";

/** A reply in the admin's own mail program: to the sender, "Re: <subject>". */
function replyLink(message: SupportMessage): string {
  const query = new URLSearchParams({
    subject: `Re: ${message.subject}`,
    body: `Hello ${message.fullName},\n\n`,
  });
  // Mail programs read spaces in a mailto: link as %20, not "+".
  return `mailto:${message.email}?${query.toString().replace(/\+/g, "%20")}`;
}

/** One support message in full, with Reply by e-mail. */
export function SupportMessageModal({
  message,
  opened,
  onClose,
}: {
  message: SupportMessage | null;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = usePhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={message?.subject ?? "Message"}
      size="lg"
      fullScreen={phone}
      radius={phone ? 0 : "lg"}
      closeButtonProps={{ "aria-label": "Close" }}
      styles={{
        title: { fontWeight: 800, fontSize: "var(--mantine-font-size-xl)", overflowWrap: "anywhere" },
      }}
    >
      {message && (
        <Stack gap="md">
          <div>
            <Text fw={700} style={{ overflowWrap: "anywhere" }}>
              {message.fullName}{" "}
              <Text span c="dimmed" fw={400}>
                &lt;{message.email}&gt;
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              Received <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </Text>
          </div>
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
            <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{message.message}</Text>
          </Paper>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              component="a"
              href={replyLink(message)}
              leftSection={<IconArrowBackUp size={18} aria-hidden="true" />}
            >
              Reply by e-mail
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
