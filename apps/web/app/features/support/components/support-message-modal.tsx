import { Alert, Badge, Button, Group, Loader, Modal, Paper, Select, Stack, Text, Title } from "@mantine/core";
import type { SupportMessage, SupportMessageDetail } from "@serene/contract";
import { IconLock, IconLockOpen, IconSend } from "@tabler/icons-react";
import { useState } from "react";
import { CountedTextarea } from "../../../components/ui/counted-textarea";
import { usePhone } from "../../../components/ui/use-phone";
import { ApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useAdmins, useSupportThread, useSupportThreadActions } from "../api";

/** The longest reply the server takes. */
const REPLY_MAX = 5000;

/** One support message in full: its thread of replies (newest last), a reply box, assignee, close/reopen. */
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
  const thread = useSupportThread(opened ? message?._id : undefined);
  const shown = thread.data ?? null;
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
          <Group justify="space-between" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
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
            {shown && (
              <Badge variant="light" color={shown.status === "closed" ? "gray" : "teal"}>
                {shown.status === "closed" ? "Closed" : "Open"}
              </Badge>
            )}
          </Group>
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
            <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{message.message}</Text>
          </Paper>
          {thread.isPending ? (
            <Group justify="center" py="md">
              <Loader size="sm" aria-label="Loading the thread" />
            </Group>
          ) : thread.isError ? (
            <Alert color="red" title="The thread could not be loaded">
              {thread.error.message}
            </Alert>
          ) : (
            <Thread message={shown!} onClose={onClose} />
          )}
        </Stack>
      )}
    </Modal>
  );
}

function Thread({ message, onClose }: { message: SupportMessageDetail; onClose: () => void }) {
  const actions = useSupportThreadActions(message._id);
  const admins = useAdmins();
  const [reply, setReply] = useState("");
  const replyError =
    actions.reply.error instanceof ApiError
      ? (actions.reply.error.fieldMessages().message ?? actions.reply.error.message)
      : actions.reply.error?.message;
  const closed = message.status === "closed";

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Assigned to"
          placeholder="Nobody"
          clearable
          style={{ flex: "1 1 220px" }}
          data={(admins.data ?? []).map((u) => ({ value: u._id, label: `${u.username} (${u.email})` }))}
          value={message.assignedTo}
          onChange={(value) => actions.assign.mutate(value)}
          disabled={actions.assign.isPending}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="default"
          leftSection={
            closed ? <IconLockOpen size={18} aria-hidden="true" /> : <IconLock size={18} aria-hidden="true" />
          }
          loading={actions.status.isPending}
          onClick={() => actions.status.mutate(closed ? "open" : "closed")}
        >
          {closed ? "Reopen" : "Close message"}
        </Button>
      </Group>

      <section aria-labelledby="support-thread-title">
        <Title order={3} size="h5" id="support-thread-title" mb="xs">
          {message.replies.length ? `Replies (${message.replies.length})` : "No reply yet"}
        </Title>
        <Stack gap="xs" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {message.replies.map((r) => (
            <Paper component="li" key={r._id} withBorder radius="md" p="sm">
              <Text size="sm" c="dimmed" mb={4} style={{ overflowWrap: "anywhere" }}>
                {r.authorEmail} · <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
              </Text>
              <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{r.body}</Text>
            </Paper>
          ))}
        </Stack>
      </section>

      <form
        onSubmit={(event) => {
          event.preventDefault();
          actions.reply.mutate(reply, { onSuccess: () => setReply("") });
        }}
      >
        <Stack gap="sm">
          <CountedTextarea
            label="Your reply"
            minRows={3}
            value={reply}
            max={REPLY_MAX}
            onChange={(event) => setReply(event.currentTarget.value)}
            error={replyError}
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button
              type="submit"
              leftSection={<IconSend size={18} aria-hidden="true" />}
              loading={actions.reply.isPending}
              disabled={!reply.trim()}
            >
              Send reply
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            The reply is e-mailed to {message.email} and kept here.
          </Text>
        </Stack>
      </form>
    </Stack>
  );
}
