import { Alert, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { type LoginBody, loginBodySchema } from "@serene/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { storeToken } from "../../../lib/auth-token";
import { login } from "../api/login";
import { logout } from "../api/logout";

const NOT_ADMIN_MESSAGE = "Only administrators can sign in here.";

/** Admin sign-in: only an answer with status true and role admin stores the token and opens /admin. */
export function LoginForm() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginBody>({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    validate: schemaResolver(loginBodySchema, { sync: true }),
  });

  const signIn = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        const { data } = await login(values);
        if (data.user.user_role !== "admin") {
          // The server opened a session for this non-admin; end it rather than keep its token.
          await logout(data.token).catch(() => undefined);
          setFailure(NOT_ADMIN_MESSAGE);
          return;
        }
        storeToken(data.token);
        void navigate("/admin", { replace: true });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        form.setErrors(error.fieldMessages());
        setFailure(error.message);
      }
    },
    () => setFailure(null),
  );

  return (
    <form onSubmit={signIn} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {failure}
          </Alert>
        )}
        <TextInput
          {...form.getInputProps("email")}
          key={form.key("email")}
          label="Email"
          type="email"
          autoComplete="username"
          required
          withAsterisk={false}
          size="md"
        />
        <PasswordInput
          {...form.getInputProps("password")}
          key={form.key("password")}
          label="Password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          size="md"
        />
        <Button type="submit" size="md" loading={form.submitting} fullWidth mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
