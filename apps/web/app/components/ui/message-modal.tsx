import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useForm } from "@mantine/form";
import { MESSAGE_MAX, type MessageBody, messageBodySchema } from "@serene/contract";
import type { ReactNode } from "react";
import { ApiError } from "../../lib/api-client";
import { validateWith } from "../../lib/form-validation";
import { notifyFailure, notifySuccess } from "../../lib/notify";
import { CountedTextarea } from "./counted-textarea";
import { FormModal } from "./form-modal";

interface MessageModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Who receives it, said above the message box. */
  recipient: ReactNode;
  /** The message box's label and placeholder. */
  label: string;
  placeholder?: string;
  /** Offer a title field too: optional, or required. */
  withTitle?: boolean | "required";
  /** Ask before sending (a message to everyone): the question and the confirm button's label. */
  confirm?: (body: MessageBody) => { question: string; action: string };
  /** The toast's heading when the server refuses. */
  failure: string;
  /** Sends it; answers the server's confirmation, shown as a toast. */
  send: (body: MessageBody) => Promise<{ message: string }>;
  onSent?: () => void;
}

/**
 * A message from the back office (to a user, to a content's uploader, to everyone): a box with
 * a live counter up to MESSAGE_MAX characters, Send and Cancel; the server's answer as a toast.
 */
export function MessageModal({ opened, onClose, title, ...form }: MessageModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={title}>
      <MessageForm {...form} onClose={onClose} />
    </FormModal>
  );
}

function MessageForm({
  recipient,
  label,
  placeholder,
  withTitle = false,
  confirm,
  failure,
  send,
  onSent,
  onClose,
}: Omit<MessageModalProps, "opened" | "title">) {
  const form = useForm({
    initialValues: { title: "", message: "" },
    validate: validateWith(messageBodySchema, (values: { title: string }) => ({
      title: withTitle === "required" && !values.title.trim() ? "Enter a title" : undefined,
    })),
    transformValues: (values): MessageBody => ({
      ...(withTitle ? { title: values.title.trim() || undefined } : {}),
      message: values.message.trim(),
    }),
  });

  const submit = form.onSubmit(async (body) => {
    if (confirm && !(await confirmed(confirm(body)))) return;
    try {
      const answer = await send(body);
      notifySuccess(answer.message);
      onSent?.();
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.fieldMessages());
      notifyFailure(failure, error.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {recipient}
        {withTitle && (
          <TextInput
            {...form.getInputProps("title")}
            label="Title"
            placeholder={withTitle === "required" ? undefined : "Optional"}
            required={withTitle === "required"}
            maxLength={120}
          />
        )}
        <CountedTextarea
          {...form.getInputProps("message")}
          value={form.values.message}
          max={MESSAGE_MAX}
          label={label}
          placeholder={placeholder}
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

/** Asks a question in a confirm dialog; answers whether the admin confirmed. */
function confirmed({ question, action }: { question: string; action: string }): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: action,
      children: <Text>{question}</Text>,
      labels: { confirm: action, cancel: "Cancel" },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
