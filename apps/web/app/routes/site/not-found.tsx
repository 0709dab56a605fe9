import { Link } from "react-router";
import { PageIntro } from "../../components/ui/page-intro";
import { type PageInfo, publicPageMeta } from "../../lib/meta";
import type { Route } from "./+types/not-found";
import { staticPage } from "../../lib/static-page";

const page: PageInfo = {
  title: "Page not found",
  description:
    "We could not find the page you were looking for. It may have moved, or the address may be mistyped.",
};

export const meta: Route.MetaFunction = () => publicPageMeta(page, "/404", { noindex: true });

export const handle = staticPage;

/** The catch-all route; prerendered as /404, which the server answers with status 404. */
export default function NotFound() {
  return (
    <div className="not-found">
      <PageIntro {...page}>
        <Link className="button" to="/">
          Back to the home page
        </Link>
      </PageIntro>
      <nav className="section" aria-labelledby="not-found-links">
        <h2 className="not-found__title" id="not-found-links">
          Perhaps you were looking for
        </h2>
        <ul className="not-found__links">
          <li>
            <Link to="/resources">Resources</Link>: a featured session and curated listening
          </li>
          <li>
            <Link to="/business">For Business</Link>: Serene for your whole team
          </li>
          <li>
            <Link to="/host">Get Started</Link>: download the app
          </li>
          <li>
            <Link to="/support">Support</Link>: questions, problems, feedback
          </li>
        </ul>
      </nav>
    </div>
  );
}
