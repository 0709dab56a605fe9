import { AdminPageSummary } from "../../components/ui/admin-page-summary";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/feed";

const page: PageInfo = {
  title: "Feed",
  description: "Recent activity: signups, uploads, purchases and requests.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Feed() {
  return <AdminPageSummary page={page} />;
}
