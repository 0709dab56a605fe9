import { Link } from "react-router";
import { PageIntro } from "../../components/ui/page-intro";
import { SupportEmailLink } from "../../features/site-config/components/support-email-link";
import { SupportForm } from "../../features/support/components/support-form";
import { type PageInfo, publicPageMeta } from "../../lib/meta";
import { enhancedPage } from "../../lib/static-page";
import pageScript from "../../page-scripts/support.ts?page-script";
import type { Route } from "./+types/support";

const page: PageInfo = {
  title: "Support",
  description: "Questions about Serene? Send us a message and we will get back to you.",
};

export const meta: Route.MetaFunction = () => publicPageMeta(page, "/support");

export const handle = enhancedPage(pageScript);

export default function Support() {
  return (
    <>
      <PageIntro {...page} />
      <div className="two-columns">
        <SupportForm />
        <aside className="support-aside" aria-labelledby="support-other-title">
          <h2 className="visually-hidden" id="support-other-title">
            Other ways to reach us
          </h2>
          <div className="card">
            <h3>Write to us</h3>
            <p>
              Prefer e-mail? Our support mail address is <SupportEmailLink />.
            </p>
          </div>
          <div className="card">
            <h3>Business subscriptions</h3>
            <p>
              Lost your codes or need more seats? Include your business name and the e-mail address you used
              when you bought them. <Link to="/business">Learn about Serene for Business</Link>.
            </p>
          </div>
          <div className="card">
            <h3>Leaving Serene</h3>
            <p>
              You can <Link to="/delete-account">ask us to delete your account</Link> and its data at any
              time.
            </p>
          </div>
        </aside>
      </div>
    </>
  );
}
