import { Alert, Anchor, Checkbox, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconTicket } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../../lib/api-client";
import { signup } from "../../features/listen/account/api";
import {
  AuthForm,
  AuthFormLink,
  EmailField,
  NewPasswordField,
  newPasswordProblem,
} from "../../features/listen/account/auth-form";
import { AuthFrame } from "../../features/listen/account/auth-frame";
import { notePremiumUnlocked } from "../../features/listen/account/premium-news";
import { sayError } from "../../features/listen/shared/error-words";
import { useAfterSignIn } from "../../features/listen/account/use-sign-in";
import { pageMeta } from "../../lib/meta";
import { emailProblem } from "../../lib/validation";
import { codeRefusals, useCarriedCode, useCarriedEmail } from "../../features/listen/account/carried-code";

export const meta = () =>
  pageMeta({ title: "Create your account", description: "Join Serene and start listening." });

export default function SignUp() {
  const [params] = useSearchParams();
  const carried = useCarriedCode();
  // Why the carried code cannot be used; then the sign-up goes on without it.
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const code = codeProblem ? null : carried;
  const afterSignIn = useAfterSignIn();
  const form = useForm({
    initialValues: { username: "", email: "", password: "", ageConfirmed: false },
    validate: {
      username: (value) =>
        value.trim().length >= 2 ? null : "Please choose a name of at least 2 characters",
      email: (value) => emailProblem(value),
      password: newPasswordProblem,
      ageConfirmed: (value) => (value ? null : "You must be 18 or older to use Serene"),
    },
  });
  // An invitation's address fills the field once the browser has the page (it is prerendered
  // without a query); the person may still change it.
  const invited = useCarriedEmail();
  const filledWith = useRef<string | null>(null);
  const { setFieldValue } = form;
  useEffect(() => {
    if (!invited || filledWith.current === invited) return;
    filledWith.current = invited;
    setFieldValue("email", invited);
  }, [invited, setFieldValue]);

  return (
    <AuthFrame title="Create your account" intro="Sleep better, stress less: a few minutes a day.">
      <AuthForm
        form={form}
        action={async (values) => {
          try {
            await signup({
              ...values,
              username: values.username.trim(),
              email: values.email.trim(),
              ...(code ? { code } : {}),
            });
          } catch (error) {
            if (!(code && error instanceof ApiError && codeRefusals.has(error.code))) throw error;
            setCodeProblem(sayError(error));
            return;
          }
          if (code) notePremiumUnlocked();
          await afterSignIn("/listen/welcome");
        }}
        submitLabel="Create account"
        footer={
          <AuthFormLink
            to={`/listen/signin${params.toString() ? `?${params.toString()}` : ""}`}
            lead="Already have an account?"
          >
            Sign in
          </AuthFormLink>
        }
      >
        {code && (
          <Alert variant="light" icon={<IconTicket aria-hidden="true" />}>
            Your code <strong>{code}</strong> is used as you sign up: it unlocks the paid library.
          </Alert>
        )}
        {codeProblem && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconTicket aria-hidden="true" />}
            role="alert"
            title="Your code cannot be used"
          >
            {codeProblem} You can still create your account without it: press Create account. Ask whoever gave
            you the code for another one.
          </Alert>
        )}
        <TextInput {...form.getInputProps("username")} label="Name" autoComplete="nickname" size="md" />
        <EmailField {...form.getInputProps("email")} />
        <NewPasswordField {...form.getInputProps("password")} />
        <Checkbox
          {...form.getInputProps("ageConfirmed", { type: "checkbox" })}
          label="I confirm that I am 18 years old or older"
        />
        <Text size="xs" c="dimmed">
          By creating an account you accept the{" "}
          <Anchor href="/terms" size="xs" underline="always">
            terms
          </Anchor>{" "}
          and the{" "}
          <Anchor href="/privacy-policy" size="xs" underline="always">
            privacy policy
          </Anchor>
          .
        </Text>
      </AuthForm>
    </AuthFrame>
  );
}
