import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { Link, useSearchParams } from "react-router";
import { login } from "../../features/listen/api/account";
import { AuthFrame } from "../../features/listen/components/auth-frame";
import { FormFailure } from "../../features/listen/components/form-failure";
import { useApiForm } from "../../features/listen/hooks/use-api-form";
import { useAfterSignIn } from "../../features/listen/hooks/use-sign-in";
import { pageMeta } from "../../lib/meta";
import { emailProblem } from "../../lib/validation";

export const meta = () => pageMeta({ title: "Sign in", description: "Sign in to listen to Serene." });

export default function SignIn() {
  const [params] = useSearchParams();
  const afterSignIn = useAfterSignIn();
  const form = useForm({
    initialValues: { email: "", password: "" },
    validate: {
      email: (value) => emailProblem(value),
      password: (value) => (value ? null : "Please enter your password"),
    },
  });
  const { busy, failure, run } = useApiForm(form.setErrors);
  const submit = form.onSubmit((values) =>
    run(async () => {
      await login({ email: values.email.trim(), password: values.password });
      await afterSignIn();
    }),
  );
  const carry = params.toString() ? `?${params.toString()}` : "";

  return (
    <AuthFrame title="Sign in" intro="Welcome back. Sign in to carry on listening.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormFailure message={failure} />
          <TextInput
            {...form.getInputProps("email")}
            label="Email"
            type="email"
            autoComplete="username"
            size="md"
          />
          <PasswordInput
            {...form.getInputProps("password")}
            label="Password"
            autoComplete="current-password"
            size="md"
          />
          <Button type="submit" size="md" loading={busy} fullWidth>
            Sign in
          </Button>
          <Anchor component={Link} to="/listen/forgot" size="sm" ta="center">
            Forgot your password?
          </Anchor>
          <Text size="sm" ta="center">
            New to Serene?{" "}
            <Anchor component={Link} to={`/listen/signup${carry}`} fw={700}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthFrame>
  );
}
