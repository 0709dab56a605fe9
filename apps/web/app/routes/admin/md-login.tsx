import { redirect } from "react-router";
import { LoginForm } from "../../features/auth/components/login-form";
import { SignInFrame } from "../../features/auth/components/sign-in-frame";
import { readToken } from "../../lib/auth-token";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/md-login";

const page: PageInfo = {
  title: "Admin sign in",
  description: "Sign in to the Serene back office with your administrator account.",
};

export const meta: Route.MetaFunction = () => [...pageMeta(page), { name: "robots", content: "noindex" }];

/** Already signed in: go straight to the back office. */
export function clientLoader() {
  if (readToken()) throw redirect("/admin");
  return null;
}

export default function MdLogin() {
  return (
    <SignInFrame title={page.title} description={page.description}>
      <LoginForm />
    </SignInFrame>
  );
}
