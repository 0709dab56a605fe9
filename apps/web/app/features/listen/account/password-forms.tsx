import { Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { Link } from "react-router";
import { emailProblem } from "../../../lib/validation";
import { forgotPassword, resetPassword } from "./api";
import { AuthForm, AuthFormLink, EmailField, NewPasswordField, newPasswordProblem } from "./auth-form";

/**
 * The one password reset (APP-API.md: a link and a 6-digit code by e-mail, then a new password),
 * in whichever frame opens it: the listener's pages at /listen and the back office's at /md-login.
 */
export interface PasswordPaths {
  signIn: string;
  /** The reset page of the same look ("I have a code"). */
  reset: string;
}

/** Asks for the e-mail; then says what was sent, with the way to the code's page. */
export function ForgotPasswordForm({ paths }: { paths: PasswordPaths }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: "" }, validate: { email: (value) => emailProblem(value) } });
  const backToSignIn = <AuthFormLink to={paths.signIn}>Back to sign in</AuthFormLink>;
  if (sentTo)
    return (
      <Stack gap="md">
        <Stack gap="md" role="status">
          <Text>
            If an account uses <strong>{sentTo}</strong>, a message is on its way. Open its link, or enter its
            code.
          </Text>
          <Button component={Link} to={`${paths.reset}?email=${encodeURIComponent(sentTo)}`} variant="light">
            I have a code
          </Button>
        </Stack>
        {backToSignIn}
      </Stack>
    );
  return (
    <AuthForm
      form={form}
      action={async (values) => {
        await forgotPassword(values.email.trim());
        setSentTo(values.email.trim());
      }}
      submitLabel="Send me a link"
      footer={backToSignIn}
    >
      <EmailField {...form.getInputProps("email")} />
    </AuthForm>
  );
}

/**
 * The new password, with the e-mail's link token, or its code and the address; `onDone` after,
 * told whether it also signed in (an invitation's link does, APP-API.md).
 */
export function ResetPasswordForm({
  linkToken,
  email,
  paths,
  onDone,
}: {
  linkToken: string | null;
  email: string | null;
  paths: PasswordPaths;
  onDone: (signedIn: boolean) => void;
}) {
  const form = useForm({
    initialValues: { email: email ?? "", code: "", password: "" },
    validate: {
      email: (value) => (linkToken ? null : emailProblem(value)),
      code: (value) => (linkToken || /^\d{6}$/.test(value.trim()) ? null : "Please enter the 6-digit code"),
      password: newPasswordProblem,
    },
  });
  return (
    <AuthForm
      form={form}
      action={async (values) => {
        const { data } = await resetPassword(
          linkToken
            ? { token: linkToken, password: values.password }
            : { token: values.code.trim(), email: values.email.trim(), password: values.password },
        );
        onDone(data !== undefined);
      }}
      submitLabel="Save the new password"
      footer={<AuthFormLink to={paths.signIn}>Back to sign in</AuthFormLink>}
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
  );
}
