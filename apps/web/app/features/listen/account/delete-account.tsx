import { Button, Card, Group, Modal, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { deleteMe } from "./api";
import { FormFailure } from "../shared/form-failure";
import { useApiForm } from "../shared/use-api-form";
import { leave } from "./leave";

export function DeleteAccount() {
  const [opened, { open, close }] = useDisclosure(false);
  const form = useForm({
    initialValues: { password: "" },
    validate: { password: (v) => (v ? null : "Please enter your password") },
  });
  const { busy, failure, run } = useApiForm(form);
  const submit = form.onSubmit((values) =>
    run(async () => {
      await deleteMe(values.password);
      await leave();
    }),
  );
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="xs">
        Delete your account
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Your account, listening history and favourites are deleted at once. This cannot be undone.
      </Text>
      <Button color="red" variant="light" onClick={open}>
        Delete my account
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Delete your account?"
        closeButtonProps={{ "aria-label": "Close" }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">Enter your password to confirm. Everything is deleted now.</Text>
            <FormFailure message={failure} />
            <PasswordInput
              {...form.getInputProps("password")}
              label="Password"
              autoComplete="current-password"
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red.9" loading={busy}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
