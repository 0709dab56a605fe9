import { Alert, Button, Stack } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { SignInFrame } from "../../features/auth/components/sign-in-frame";
import { ResetPasswordForm } from "../../features/listen/account/password-forms";
import { LOGIN_PATH, RESET_PATH } from "../../lib/auth-token";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/reset-password";

const page: PageInfo = {
  title: "Choose a new password",
  description: "Set a new password for the Serene back office.",
};

export const meta: Route.MetaFunction = () => [...pageMeta(page), { name: "robots", content: "noindex" }];

/** /md-login/reset?token= from a staff account's reset e-mail, or its 6-digit code with the address. */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const [done, setDone] = useState(false);
  return (
    <SignInFrame title={page.title} description={page.description}>
      {done ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden="true" />} role="status">
            Your new password is set, and every other session was signed out. Sign in with it.
          </Alert>
          <Button component={Link} to={LOGIN_PATH} size="md" fullWidth>
            Go to sign in
          </Button>
        </Stack>
      ) : (
        <ResetPasswordForm
          linkToken={params.get("token")}
          email={params.get("email")}
          paths={{ signIn: LOGIN_PATH, reset: RESET_PATH }}
          onDone={() => setDone(true)}
        />
      )}
    </SignInFrame>
  );
}
