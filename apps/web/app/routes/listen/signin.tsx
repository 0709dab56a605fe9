import { SignInPage } from "../../features/listen/account/sign-in-page";
import { pageMeta } from "../../lib/meta";

export const meta = () => pageMeta({ title: "Sign in", description: "Sign in to listen to Serene." });

export default SignInPage;
