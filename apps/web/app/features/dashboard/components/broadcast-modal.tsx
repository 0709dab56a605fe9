import { Button, Group, Stack, Text } from "@mantine/core";
import { hasLength, useForm } from "@mantine/form";
import { MESSAGE_MAX } from "@serene/contract";
import { CountedTextarea } from "../../../components/ui/counted-textarea";
import { FormModal } from "../../../components/ui/form-modal";
import { ApiError } from "../../../lib/api-client";
import { formatCount } from "../../../lib/format";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { broadcast } from "../api/dashboard";
import { useDashboardStats } from "../hooks/use-dashboard";

/** Broadcast: one message to every user's app inbox ("All users N" is the real count). */
export function BroadcastModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Broadcast">
      <BroadcastForm onClose={onClose} />
    </FormModal>
  );
}

function BroadcastForm({ onClose }: { onClose: () => void }) {
  const stats = useDashboardStats();
  const form = useForm({
    initialValues: { message: "" },
    validate: { message: hasLength({ min: 1, max: MESSAGE_MAX }, "Write a message") },
    transformValues: (values) => ({ message: values.message.trim() }),
  });

  const submit = form.onSubmit(async ({ message }) => {
    try {
      const answer = await broadcast(message);
      notifySuccess(answer.message);
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
        <Text fw={700}>
          All users{" "}
          <Text span fw={800} c="var(--mantine-primary-color-filled)">
            {stats.data ? formatCount(stats.data.users) : "…"}
          </Text>
        </Text>
        <CountedTextarea
          {...form.getInputProps("message")}
          value={form.values.message}
          max={MESSAGE_MAX}
          label="Send message"
          placeholder="Write the message every user finds in their app inbox"
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
