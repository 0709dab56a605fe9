import { PasswordInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useSearchParams } from "react-router";
import { useHydrated } from "../../../lib/use-hydrated";
import { emailProblem } from "../../../lib/validation";
import { login } from "./api";
import { AuthForm, AuthFormLink, EmailField } from "./auth-form";
import { AuthFrame } from "./auth-frame";
import { useAfterSignIn } from "./use-sign-in";

/**
 * The query the sign-up link carries (where to come back to). This page is prerendered, without a
 * query: the browser takes it over with the same link, then puts the page's own query in.
 */
function useCarriedQuery() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  return hydrated && params.size > 0 ? `?${params.toString()}` : "";
}

/** The sign-in page's title and summary: /listen/signin's, and /listen's for a signed-out visitor. */
export const signInPageInfo = { title: "Sign in", description: "Sign in to listen to Serene." };

/**
 * The sign-in form: the page /listen/signin, and /listen itself for a signed-out visitor (the app's
 * start, where signing in lands), both prerendered to HTML.
 */
export function SignInPage() {
  const carry = useCarriedQuery();
  const afterSignIn = useAfterSignIn();
  const form = useForm({
    initialValues: { email: "", password: "" },
    validate: {
      email: (value) => emailProblem(value),
      password: (value) => (value ? null : "Please enter your password"),
    },
  });

  return (
    <AuthFrame title="Sign in" intro="Welcome back. Sign in to carry on listening.">
      <AuthForm
        form={form}
        action={async (values) => {
          await login({ email: values.email.trim(), password: values.password });
          await afterSignIn();
        }}
        submitLabel="Sign in"
        footer={
          <>
            <AuthFormLink to="/listen/forgot">Forgot your password?</AuthFormLink>
            <AuthFormLink to={`/listen/signup${carry}`} lead="New to Serene?">
              Create an account
            </AuthFormLink>
          </>
        }
      >
        <EmailField {...form.getInputProps("email")} name="email" autoComplete="username" />
        <PasswordInput
          {...form.getInputProps("password")}
          name="password"
          label="Password"
          autoComplete="current-password"
          size="md"
        />
      </AuthForm>
    </AuthFrame>
  );
}
