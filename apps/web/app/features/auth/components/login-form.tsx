import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { isStaff, type LoginBody, type LoginResponse, loginBodySchema } from "@serene/contract";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { FORGOT_PATH, storeToken } from "../../../lib/auth-token";
import { login, loginTwoFactor, logout } from "../api";

const NOT_STAFF_MESSAGE = "Only administrators and editors can sign in here.";

/**
 * Back-office sign-in: e-mail and password, then, for an account with two-factor sign-in, the
 * authenticator's code (or a recovery code). Only a staff account's session is kept.
 */
export function LoginForm() {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);

  async function signedIn({ data }: LoginResponse) {
    if (!isStaff(data.user.user_role)) {
      // The server opened a session for this account; end it rather than keep its token.
      await logout(data.token).catch(() => undefined);
      setFailure(NOT_STAFF_MESSAGE);
      setChallenge(null);
      return;
    }
    storeToken(data.token);
    void navigate("/admin", { replace: true });
  }

  const form = useForm<LoginBody>({
    mode: "uncontrolled",
    initialValues: { email: "", password: "" },
    validate: schemaResolver(loginBodySchema, { sync: true }),
  });

  const signIn = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        await signedIn(await login(values));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.code === "two_factor_required" && error.challenge) {
          setChallenge(error.challenge);
          return;
        }
        form.setErrors(error.fieldMessages());
        setFailure(error.message);
      }
    },
    () => setFailure(null),
  );

  if (challenge)
    return (
      <CodeStep
        challenge={challenge}
        onSignedIn={signedIn}
        onRestart={() => {
          setChallenge(null);
          setFailure(null);
        }}
      />
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
        {/* The one password-reset flow (staff and listeners share accounts): a link and a code by e-mail. */}
        <Anchor component={Link} to={FORGOT_PATH} size="sm" ta="center">
          Forgot password?
        </Anchor>
      </Stack>
    </form>
  );
}

/** The second step: the code of the authenticator app, or one of the recovery codes. */
function CodeStep(props: {
  challenge: string;
  onSignedIn: (answer: LoginResponse) => Promise<void>;
  onRestart: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { code: "" } });
  const submit = form.onSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await props.onSignedIn(await loginTwoFactor({ challenge: props.challenge, code }));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // A wrong code, said as a sentence beside the field ("That code is not right: …."); anything
      // else (the sign-in expired) above the form.
      // Emptied first: a change of the field clears its error.
      form.setFieldValue("code", "");
      const { code: wrong } = error.fieldMessages();
      if (wrong) form.setFieldError("code", `That code ${wrong}.`);
      else setFailure(error.message);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {failure}
          </Alert>
        )}
        <Text>
          Enter the 6-digit code your authenticator app shows for Serene, or one of your recovery codes.
        </Text>
        <TextInput
          {...form.getInputProps("code")}
          label="Sign-in code"
          autoComplete="one-time-code"
          inputMode="text"
          required
          withAsterisk={false}
          size="md"
        />
        <Button type="submit" size="md" loading={form.submitting} fullWidth>
          Verify and sign in
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={props.onRestart}>
          Start again with your password
        </Anchor>
      </Stack>
    </form>
  );
}
