import { SignInPage, signInPageInfo } from "../../features/listen/account/sign-in-page";
import { pageMeta } from "../../lib/meta";

export const meta = () => pageMeta(signInPageInfo);

export default SignInPage;
