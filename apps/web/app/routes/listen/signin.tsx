import { PasswordInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useSearchParams } from "react-router";
import { login } from "../../features/listen/account/api";
import { AuthForm, AuthFormLink, EmailField } from "../../features/listen/account/auth-form";
import { AuthFrame } from "../../features/listen/account/auth-frame";
import { useAfterSignIn } from "../../features/listen/account/use-sign-in";
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
  const carry = params.toString() ? `?${params.toString()}` : "";

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
        <EmailField {...form.getInputProps("email")} autoComplete="username" />
        <PasswordInput
          {...form.getInputProps("password")}
          label="Password"
          autoComplete="current-password"
          size="md"
        />
      </AuthForm>
    </AuthFrame>
  );
}
