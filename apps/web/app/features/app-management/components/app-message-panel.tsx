import {
  Badge,
  Button,
  Center,
  Checkbox,
  Divider,
  Group,
  Image,
  Loader,
  Paper,
  Radio,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { modals } from "@mantine/modals";
import { type AppMessage, appMessageBodySchema, MESSAGE_MAX } from "@serene/contract";
import { IconTrash } from "@tabler/icons-react";
import { MediaField } from "../../../components/media/media-field";
import { useMediaUpload } from "../../../components/media/use-media-upload";
import { CountedTextarea } from "../../../components/ui/counted-textarea";
import { LoadError } from "../../../components/ui/load-error";
import { ApiError } from "../../../lib/api-client";
import { validateWith } from "../../../lib/form-validation";
import { formatDateTime } from "../../../lib/format";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/query-keys";
import { deleteAppMessage, setAppMessage, useAppMessage } from "../api";

/** The app-wide message: what the app shows now, and the form to set, update or delete it. */
export function AppMessagePanel() {
  const message = useAppMessage();
  return (
    <Paper
      component="section"
      aria-labelledby="app-message"
      withBorder
      radius="lg"
      p={{ base: "sm", sm: "md" }}
    >
      <Stack gap="md">
        <Title order={2} fz="h4" id="app-message">
          App message
        </Title>
        {message.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading the app message" />
          </Center>
        ) : message.isError ? (
          <LoadError
            title="The app message could not be loaded"
            error={message.error}
            onRetry={() => void message.refetch()}
          />
        ) : (
          <>
            <CurrentMessage message={message.data} />
            <Divider />
            <AppMessageForm
              key={message.data ? `${message.data._id}:${message.data.updated_at}` : "none"}
              message={message.data}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}

function StatusBadge({ status }: { status: AppMessage["status"] }) {
  return (
    <Badge variant="light" color={status === "active" ? "green" : "gray"} radius="sm">
      {status === "active" ? "Active" : "Inactive"}
    </Badge>
  );
}

function CurrentMessage({ message }: { message: AppMessage | null }) {
  if (!message) {
    return (
      <Text c="dimmed" size="sm">
        No app message is set: the app shows none. Write one below.
      </Text>
    );
  }
  return (
    <Group align="flex-start" wrap="nowrap" gap="md" aria-label="Current app message" role="group">
      {message.image && (
        <Image src={message.image} alt="" w={88} h={88} radius="md" fit="cover" style={{ flexShrink: 0 }} />
      )}
      <Stack gap={4} miw={0} style={{ flex: 1 }}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={700} style={{ overflowWrap: "anywhere" }}>
            {message.title}
          </Text>
          <StatusBadge status={message.status} />
        </Group>
        <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
          {message.message}
        </Text>
        <Text size="xs" c="dimmed">
          Updated {formatDateTime(message.updated_at)}
        </Text>
      </Stack>
    </Group>
  );
}

interface MessageValues {
  title: string;
  status: AppMessage["status"];
  message: string;
  removeImage: boolean;
}

function AppMessageForm({ message }: { message: AppMessage | null }) {
  const refreshAfter = useRefreshAfter();
  const image = useMediaUpload("image");
  const form = useForm<MessageValues>({
    initialValues: {
      title: message?.title ?? "",
      status: message?.status ?? "active",
      message: message?.message ?? "",
      removeImage: false,
    },
    validate: validateWith(appMessageBodySchema.pick({ title: true, message: true, status: true })),
  });

  const submit = form.onSubmit(async (values) => {
    const uploaded = await image.result().catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      notifyFailure("Image or Audio encountered error during upload", error.message);
      return undefined;
    });
    if (uploaded === undefined) return;
    try {
      const answer = await setAppMessage({
        title: values.title,
        message: values.message,
        status: values.status,
        // A new image replaces the stored one; without one it stays, unless removed.
        ...(uploaded ? { image: uploaded.secure_url } : values.removeImage ? { image: null } : {}),
      });
      notifySuccess(answer.message);
      await refreshAfter("appMessage");
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.fieldMessages());
      notifyFailure("The message was not saved", error.message);
    }
  });

  const confirmDelete = () => {
    if (!message) return;
    const remove = async () => {
      try {
        const answer = await deleteAppMessage(message._id);
        notifySuccess(answer.message);
        await refreshAfter("appMessage");
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        notifyFailure("The message was not deleted", error.message);
      }
    };
    modals.openConfirmModal({
      title: "Delete the app message",
      children: "Are you sure you want to stop this message",
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red.9" },
      onConfirm: () => void remove(),
    });
  };

  const busy = image.state.status === "uploading" || form.submitting;

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={message ? "Update the app message" : "Set the app message"}
    >
      <Stack gap="md">
        <MediaField
          label="Image"
          upload={image}
          currentUrl={form.values.removeImage ? null : message?.image}
          error={form.errors.image}
          disabled={form.submitting}
        />
        {message?.image && image.state.status === "empty" && (
          <Checkbox {...form.getInputProps("removeImage", { type: "checkbox" })} label="Remove the image" />
        )}
        <TextInput {...form.getInputProps("title")} label="Title" required maxLength={120} />
        <Radio.Group {...form.getInputProps("status")} label="Status">
          <Group gap="lg" mt={6}>
            <Radio value="active" label="Active" />
            <Radio value="inactive" label="Inactive" />
          </Group>
        </Radio.Group>
        <CountedTextarea
          {...form.getInputProps("message")}
          value={form.values.message}
          max={MESSAGE_MAX}
          label="Message"
          required
        />
        <Group justify="flex-end" gap="sm">
          {message && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={confirmDelete}
              disabled={busy}
            >
              Delete
            </Button>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? "Uploading Data..." : "Update"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
