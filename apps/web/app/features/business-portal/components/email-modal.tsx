import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import type { FormEvent } from "react";
import { randomId } from "@mantine/hooks";
import { portalDialogs } from "../portal-dialogs";

interface EmailModal {
  title: string;
  /** What happens when it is sent, in words. */
  consequence: string;
  confirm: string;
  defaultValue?: string;
  onSubmit: (email: string) => void;
}

/** A dialog asking for one e-mail address (to give a seat, to correct an invitation's address). */
export function openEmailModal({ title, consequence, confirm, defaultValue, onSubmit }: EmailModal) {
  const id = randomId("email-");
  portalDialogs.open({
    modalId: id,
    title,
    children: (
      <EmailForm
        consequence={consequence}
        confirm={confirm}
        defaultValue={defaultValue}
        onSubmit={(email) => {
          portalDialogs.close(id);
          onSubmit(email);
        }}
        onCancel={() => portalDialogs.close(id)}
      />
    ),
  });
}

function EmailForm({
  consequence,
  confirm,
  defaultValue,
  onSubmit,
  onCancel,
}: Omit<EmailModal, "title"> & { onCancel: () => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(String(new FormData(event.currentTarget).get("email") ?? "").trim());
  };
  return (
    <form onSubmit={submit}>
      <Stack>
        <Text size="sm">{consequence}</Text>
        <TextInput
          label="E-mail address"
          name="email"
          type="email"
          required
          defaultValue={defaultValue}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">{confirm}</Button>
        </Group>
      </Stack>
    </form>
  );
}
