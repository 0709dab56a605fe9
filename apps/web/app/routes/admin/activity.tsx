import { AdminPageSummary } from "../../components/ui/admin-page-summary";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/activity";

const page: PageInfo = {
  title: "Activity Log",
  description: "Every change made by an administrator: who, what and when.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Activity() {
  return <AdminPageSummary page={page} />;
}
