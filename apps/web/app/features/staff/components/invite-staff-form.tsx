import { Button, Group, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { inviteStaffBodySchema, type StaffRole } from "@serene/contract";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api-client";
import { validateWith } from "../../../lib/form-validation";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { inviteStaff, staffKeys } from "../api";

export const roleOptions: { value: StaffRole; label: string }[] = [
  { value: "editor", label: "Editor: contents, interests, series, review queue, app messages" },
  { value: "admin", label: "Admin: everything" },
];

/** Invite by e-mail: the address gets a single-use link to choose a password. */
export function InviteStaffForm() {
  const queryClient = useQueryClient();
  const form = useForm<{ email: string; role: StaffRole }>({
    initialValues: { email: "", role: "editor" },
    validate: validateWith<{ email: string; role: StaffRole }>(inviteStaffBodySchema),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await inviteStaff(values);
      notifySuccess(answer.message);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: staffKeys.list });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.fieldMessages());
      notifyFailure("The invitation was not sent", error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Invite an admin or editor">
      <Stack gap="md">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            {...form.getInputProps("email")}
            label="E-mail"
            type="email"
            autoComplete="off"
            required
            miw={220}
          />
          <Select
            {...form.getInputProps("role")}
            label="Role"
            data={roleOptions}
            allowDeselect={false}
            required
            miw={220}
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
