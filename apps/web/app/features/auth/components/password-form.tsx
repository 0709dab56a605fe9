import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { changePasswordBodySchema } from "@serene/contract";
import { ApiError } from "../../../lib/api-client";
import { validateWith } from "../../../lib/form-validation";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { changePassword } from "../api";

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change password: the current one, the new one twice. Your other sessions end. */
export function PasswordForm() {
  const form = useForm<PasswordValues>({
    initialValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    validate: validateWith<PasswordValues>(changePasswordBodySchema, (values) => ({
      confirmPassword:
        values.confirmPassword === values.newPassword ? undefined : "The passwords do not match",
    })),
  });

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const answer = await changePassword({ currentPassword, newPassword });
      notifySuccess(answer.message);
      form.reset();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.fieldMessages());
      notifyFailure("Your password was not changed", error.message);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PasswordInput
          {...form.getInputProps("currentPassword")}
          label="Current password"
          autoComplete="current-password"
          required
        />
        <PasswordInput
          {...form.getInputProps("newPassword")}
          label="New password"
          description="8 characters or more"
          inputWrapperOrder={["label", "input", "description", "error"]}
          autoComplete="new-password"
          required
        />
        <PasswordInput
          {...form.getInputProps("confirmPassword")}
          label="Confirm new password"
          autoComplete="new-password"
          required
        />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
