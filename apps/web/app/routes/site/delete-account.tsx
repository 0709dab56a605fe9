import { Link } from "react-router";
import { PageIntro } from "../../components/ui/page-intro";
import { SupportEmailLink } from "../../features/site-config/components/support-email-link";
import { DeleteAccountForm } from "../../features/support/components/delete-account-form";
import { type PageInfo, publicPageMeta } from "../../lib/meta";
import { enhancedPage } from "../../lib/static-page";
import pageScript from "../../page-scripts/delete-account.ts?page-script";
import type { Route } from "./+types/delete-account";

const page: PageInfo = {
  title: "Delete account",
  description: "Ask us to delete your Serene account and the data that belongs to it.",
};

export const meta: Route.MetaFunction = () => publicPageMeta(page, "/delete-account");

export const handle = enhancedPage(pageScript);

export default function DeleteAccount() {
  return (
    <>
      <PageIntro {...page} />
      <div className="two-columns">
        <div className="stack">
          <div className="note">
            <p>
              <strong>Please note:</strong> your account will be deleted within 90 days if there is no
              activity on it. Signing in or listening again in that time cancels the request.
            </p>
          </div>
          <DeleteAccountForm />
        </div>
        <aside className="support-aside" aria-labelledby="delete-what-title">
          <div className="card">
            <h2 className="card-title" id="delete-what-title">
              What is deleted
            </h2>
            <p>
              Your profile, e-mail address, mood check-ins, topics, listening history and anything you
              uploaded as a host. Records we must keep by law, such as payment records, are kept only as long
              as required. Read more in our <Link to="/privacy-policy">Privacy Policy</Link>.
            </p>
          </div>
          <div className="card">
            <h3>Paid subscription?</h3>
            <p>
              Deleting your account does not cancel a subscription bought through the App Store or Google
              Play. Cancel it in your store account first. Questions: <SupportEmailLink />.
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
