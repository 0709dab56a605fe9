import { SignInFrame } from "../../features/auth/components/sign-in-frame";
import { ForgotPasswordForm } from "../../features/listen/account/password-forms";
import { type PageInfo, pageMeta } from "../../lib/meta";
import { LOGIN_PATH, RESET_PATH } from "../../lib/auth-token";
import type { Route } from "./+types/forgot-password";

const page: PageInfo = {
  title: "Forgot your password?",
  description: "We e-mail you a link and a 6-digit code to choose a new one for the back office.",
};

export const meta: Route.MetaFunction = () => [...pageMeta(page), { name: "robots", content: "noindex" }];

/** The back office's own page of the one password reset (the listener's is /listen/forgot). */
export default function ForgotPassword() {
  return (
    <SignInFrame title={page.title} description={page.description}>
      <ForgotPasswordForm paths={{ signIn: LOGIN_PATH, reset: RESET_PATH }} />
    </SignInFrame>
  );
}
