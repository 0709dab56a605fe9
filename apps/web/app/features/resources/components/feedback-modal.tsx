import { Button, Group, Stack, Text } from "@mantine/core";
import { hasLength, useForm } from "@mantine/form";
import { MESSAGE_MAX, type Resource } from "@serene/contract";
import { CountedTextarea } from "../../../components/ui/counted-textarea";
import { FormModal } from "../../../components/ui/form-modal";
import { ApiError } from "../../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { sendResourceFeedback } from "../api/review-resource";

interface FeedbackModalProps {
  opened: boolean;
  onClose: () => void;
  resource: Resource | null;
}

/** Send feedback: a message about one content to its uploader's app inbox. */
export function FeedbackModal({ opened, onClose, resource }: FeedbackModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Send feedback">
      {resource && <FeedbackForm key={resource._id} resource={resource} onClose={onClose} />}
    </FormModal>
  );
}

function FeedbackForm({ resource, onClose }: { resource: Resource; onClose: () => void }) {
  const form = useForm({
    initialValues: { message: "" },
    validate: { message: hasLength({ min: 1, max: MESSAGE_MAX }, "Write a message") },
    transformValues: (values) => ({ message: values.message.trim() }),
  });

  const submit = form.onSubmit(async (body) => {
    try {
      const answer = await sendResourceFeedback(resource._id, body);
      notifySuccess(answer.message);
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.fieldMessages());
      notifyFailure("The feedback was not sent", error.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          About <strong>{resource.title}</strong>, to{" "}
          {resource.userEmail ? <strong>{resource.userEmail}</strong> : "its uploader"}.
        </Text>
        <CountedTextarea
          {...form.getInputProps("message")}
          value={form.values.message}
          max={MESSAGE_MAX}
          label="Feedback"
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
