import { ForgotPasswordForm } from "../../features/listen/account/password-forms";
import { AuthFrame } from "../../features/listen/account/auth-frame";
import { pageMeta } from "../../lib/meta";

export const meta = () =>
  pageMeta({ title: "Forgot your password?", description: "Get a link to choose a new password." });

export default function Forgot() {
  return (
    <AuthFrame
      title="Forgot your password?"
      intro="We e-mail you a link and a 6-digit code to choose a new one."
    >
      <ForgotPasswordForm paths={{ signIn: "/listen/signin", reset: "/listen/reset" }} />
    </AuthFrame>
  );
}
