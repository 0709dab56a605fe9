import { Link } from "react-router";
import { PageIntro } from "../../components/ui/page-intro";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/not-found";

const page: PageInfo = {
  title: "Page not found",
  description:
    "We could not find the page you were looking for. It may have moved, or the address may be mistyped.",
};

export const meta: Route.MetaFunction = () => [...pageMeta(page), { name: "robots", content: "noindex" }];

/** The catch-all route; prerendered as /404, which the server answers with status 404. */
export default function NotFound() {
  return (
    <PageIntro {...page}>
      <Link className="button" to="/">
        Back to the home page
      </Link>
    </PageIntro>
  );
}
