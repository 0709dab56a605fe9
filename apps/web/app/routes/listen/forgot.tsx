import { Button, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { Link } from "react-router";
import { forgotPassword } from "../../features/listen/account/api";
import { AuthForm, AuthFormLink, EmailField } from "../../features/listen/account/auth-form";
import { AuthFrame } from "../../features/listen/account/auth-frame";
import { pageMeta } from "../../lib/meta";
import { emailProblem } from "../../lib/validation";

export const meta = () =>
  pageMeta({ title: "Forgot your password?", description: "Get a link to choose a new password." });

export default function Forgot() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: "" }, validate: { email: (value) => emailProblem(value) } });
  const backToSignIn = <AuthFormLink to="/listen/signin">Back to sign in</AuthFormLink>;

  return (
    <AuthFrame
      title="Forgot your password?"
      intro="We e-mail you a link and a 6-digit code to choose a new one."
    >
      {sentTo ? (
        <Stack gap="md">
          <Stack gap="md" role="status">
            <Text>
              If an account uses <strong>{sentTo}</strong>, a message is on its way. Open its link, or enter
              its code.
            </Text>
            <Button component={Link} to={`/listen/reset?email=${encodeURIComponent(sentTo)}`} variant="light">
              I have a code
            </Button>
          </Stack>
          {backToSignIn}
        </Stack>
      ) : (
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
      )}
    </AuthFrame>
  );
}
