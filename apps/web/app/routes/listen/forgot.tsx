import { Anchor, Button, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { Link } from "react-router";
import { forgotPassword } from "../../features/listen/api/account";
import { AuthFrame } from "../../features/listen/components/auth-frame";
import { FormFailure } from "../../features/listen/components/form-failure";
import { useApiForm } from "../../features/listen/hooks/use-api-form";
import { pageMeta } from "../../lib/meta";
import { emailProblem } from "../../lib/validation";

export const meta = () =>
  pageMeta({ title: "Forgot your password?", description: "Get a link to choose a new password." });

export default function Forgot() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: "" }, validate: { email: (value) => emailProblem(value) } });
  const { busy, failure, run } = useApiForm(form.setErrors);
  const submit = form.onSubmit((values) =>
    run(async () => {
      await forgotPassword(values.email.trim());
      setSentTo(values.email.trim());
    }),
  );

  return (
    <AuthFrame
      title="Forgot your password?"
      intro="We e-mail you a link and a 6-digit code to choose a new one."
    >
      {sentTo ? (
        <Stack gap="md" role="status">
          <Text>
            If an account uses <strong>{sentTo}</strong>, a message is on its way. Open its link, or enter its
            code.
          </Text>
          <Button component={Link} to={`/listen/reset?email=${encodeURIComponent(sentTo)}`} variant="light">
            I have a code
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <FormFailure message={failure} />
            <TextInput
              {...form.getInputProps("email")}
              label="Email"
              type="email"
              autoComplete="email"
              size="md"
            />
            <Button type="submit" size="md" loading={busy} fullWidth>
              Send me a link
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center" mt="md">
        <Anchor component={Link} to="/listen/signin">
          Back to sign in
        </Anchor>
      </Text>
    </AuthFrame>
  );
}
