import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { passwordSchema } from "@serene/contract";
import { IconAlertCircle, IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { SignInFrame } from "../../features/auth/components/sign-in-frame";
import { setPassword } from "../../features/staff/api";
import { ApiError } from "../../lib/api-client";
import { LOGIN_PATH, storeToken } from "../../lib/auth-token";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/set-password";

const page: PageInfo = {
  title: "Choose your password",
  description: "Your invitation to the Serene back office: choose the password you will sign in with.",
};

export const meta: Route.MetaFunction = () => [...pageMeta(page), { name: "robots", content: "noindex" }];

/**
 * The invitation e-mail's link (single use, 7 days): a password, and the back office, signed in
 * (an account with two-factor sign-in goes on to sign in with its code).
 */
export default function SetPassword() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: "", confirm: "" },
    validate: {
      password: (value) => passwordSchema.safeParse(value).error?.issues[0]?.message ?? null,
      confirm: (value, values) => (value === values.password ? null : "The passwords do not match"),
    },
  });
  const submit = form.onSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const { data } = await setPassword(token, password);
      if (!data) return setDone(true);
      storeToken(data.token);
      void navigate("/admin", { replace: true });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors(error.fieldMessages());
      setFailure(error.message);
    }
  });

  return (
    <SignInFrame title={page.title} description={page.description}>
      {done ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden="true" />}>
            Your password is set. Sign in with your e-mail address, this password and your authenticator's
            code.
          </Alert>
          <Button component={Link} to={LOGIN_PATH} size="md" fullWidth>
            Go to sign in
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {(failure ?? !token) && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
                {failure ?? "This link has no invitation in it: open the link of your invitation e-mail."}
              </Alert>
            )}
            <PasswordInput
              {...form.getInputProps("password")}
              label="New password"
              description="8 characters or more"
              inputWrapperOrder={["label", "input", "description", "error"]}
              autoComplete="new-password"
              required
              size="md"
            />
            <PasswordInput
              {...form.getInputProps("confirm")}
              label="Confirm password"
              autoComplete="new-password"
              required
              size="md"
            />
            <Button type="submit" size="md" loading={form.submitting} disabled={!token} fullWidth>
              Set password
            </Button>
            <Anchor component={Link} to={LOGIN_PATH} size="sm" ta="center">
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </SignInFrame>
  );
}
