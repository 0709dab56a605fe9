import { Button, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { resetPassword } from "../../features/listen/account/api";
import {
  AuthForm,
  AuthFormLink,
  EmailField,
  NewPasswordField,
  newPasswordProblem,
} from "../../features/listen/account/auth-form";
import { AuthFrame } from "../../features/listen/account/auth-frame";
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
      password: newPasswordProblem,
    },
  });

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
      <AuthForm
        form={form}
        action={async (values) => {
          await resetPassword(
            linkToken
              ? { token: linkToken, password: values.password }
              : { token: values.code.trim(), email: values.email.trim(), password: values.password },
          );
          setDone(true);
        }}
        submitLabel="Save the new password"
        footer={<AuthFormLink to="/listen/signin">Back to sign in</AuthFormLink>}
      >
        {!linkToken && (
          <>
            <EmailField {...form.getInputProps("email")} />
            <TextInput
              {...form.getInputProps("code")}
              label="6-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              size="md"
            />
          </>
        )}
        <NewPasswordField {...form.getInputProps("password")} label="New password" />
      </AuthForm>
    </AuthFrame>
  );
}
