import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { resetPassword } from "../../features/listen/api/account";
import { AuthFrame } from "../../features/listen/components/auth-frame";
import { FormFailure } from "../../features/listen/components/form-failure";
import { useApiForm } from "../../features/listen/hooks/use-api-form";
import { pageMeta } from "../../lib/meta";
import { emailProblem } from "../../lib/validation";

export const meta = () =>
  pageMeta({ title: "Choose a new password", description: "Set a new password for Serene." });

/** /listen/reset?token= from the e-mail's link, or the e-mail's 6-digit code with the address. */
export default function Reset() {
  const [params] = useSearchParams();
  const linkToken = params.get("token");
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: { email: params.get("email") ?? "", code: "", password: "" },
    validate: {
      email: (value) => (linkToken ? null : emailProblem(value)),
      code: (value) => (linkToken || /^\d{6}$/.test(value.trim()) ? null : "Please enter the 6-digit code"),
      password: (value) => (value.length >= 8 ? null : "Please choose a password of at least 8 characters"),
    },
  });
  const { busy, failure, run } = useApiForm(form.setErrors);
  const submit = form.onSubmit((values) =>
    run(async () => {
      await resetPassword(
        linkToken
          ? { token: linkToken, password: values.password }
          : { token: values.code.trim(), email: values.email.trim(), password: values.password },
      );
      setDone(true);
    }),
  );

  if (done) {
    return (
      <AuthFrame
        title="Password changed"
        intro="Your new password is set. Your other devices were signed out."
      >
        <Button component={Link} to="/listen/signin" fullWidth size="md">
          Sign in
        </Button>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Choose a new password">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormFailure message={failure} />
          {!linkToken && (
            <>
              <TextInput
                {...form.getInputProps("email")}
                label="Email"
                type="email"
                autoComplete="email"
                size="md"
              />
              <TextInput
                {...form.getInputProps("code")}
                label="6-digit code"
                inputMode="numeric"
                autoComplete="one-time-code"
                size="md"
              />
            </>
          )}
          <PasswordInput
            {...form.getInputProps("password")}
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            size="md"
          />
          <Button type="submit" size="md" loading={busy} fullWidth>
            Save the new password
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/listen/signin">
              Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthFrame>
  );
}
