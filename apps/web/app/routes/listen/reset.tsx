import { Button } from "@mantine/core";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ResetPasswordForm } from "../../features/listen/account/password-forms";
import { AuthFrame } from "../../features/listen/account/auth-frame";
import { useAfterSignIn } from "../../features/listen/account/use-sign-in";
import { pageMeta } from "../../lib/meta";

export const meta = () =>
  pageMeta({ title: "Choose a new password", description: "Set a new password for Serene." });

/**
 * /listen/reset?token= from the e-mail's link, or the e-mail's 6-digit code with the address. An
 * invitation's link also signs in: the listener goes straight on to the app.
 */
export default function Reset() {
  const [params] = useSearchParams();
  const [done, setDone] = useState(false);
  const afterSignIn = useAfterSignIn();

  if (done) {
    return (
      <AuthFrame
        title="Password changed"
        intro="Your new password is set. Your other devices were signed out."
      >
        <Button component={Link} to="/listen/signin" fullWidth size="md">
          Sign in
        </Button>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Choose a new password">
      <ResetPasswordForm
        linkToken={params.get("token")}
        email={params.get("email")}
        paths={{ signIn: "/listen/signin", reset: "/listen/reset" }}
        onDone={(signedIn) => (signedIn ? void afterSignIn("/listen") : setDone(true))}
      />
    </AuthFrame>
  );
}
