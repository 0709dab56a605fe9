import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { hasLength, useForm } from "@mantine/form";
import { MESSAGE_MAX, type User } from "@serene/contract";
import { CountedTextarea } from "../../../components/ui/counted-textarea";
import { FormModal } from "../../../components/ui/form-modal";
import { ApiError } from "../../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { sendMessage } from "../api/send-message";
import { useRefreshUsers } from "../hooks/use-refresh-users";

interface UserMessageModalProps {
  opened: boolean;
  onClose: () => void;
  user: User | null;
}

/** Send Message: a message to one user (app inbox and an e-mail copy), up to 1,000 characters. */
export function UserMessageModal({ opened, onClose, user }: UserMessageModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Send Message">
      {user && <MessageForm key={user._id} user={user} onClose={onClose} />}
    </FormModal>
  );
}

function MessageForm({ user, onClose }: { user: User; onClose: () => void }) {
  const refreshUsers = useRefreshUsers();
  const form = useForm({
    initialValues: { title: "", message: "" },
    validate: {
      message: hasLength({ min: 1, max: MESSAGE_MAX }, "Write a message"),
    },
    transformValues: (values) => ({
      title: values.title.trim() || undefined,
      message: values.message.trim(),
    }),
  });

  const submit = form.onSubmit(async (body) => {
    try {
      const answer = await sendMessage(user._id, body);
      notifySuccess(answer.message);
      void refreshUsers();
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.fieldMessages());
      notifyFailure("The message was not sent", error.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          To <strong>{user.username}</strong>{" "}
          <Text span c="dimmed" size="sm">
            ({user.email})
          </Text>
          , in their app inbox and by e-mail.
        </Text>
        <TextInput {...form.getInputProps("title")} label="Title" placeholder="Optional" maxLength={120} />
        <CountedTextarea
          {...form.getInputProps("message")}
          value={form.values.message}
          max={MESSAGE_MAX}
          label="Message"
          required
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
