import { AdminPageSummary } from "../../components/ui/admin-page-summary";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/users";

const page: PageInfo = {
  title: "Users",
  description: "Every app user, with their mood and subscription.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Users() {
  return <AdminPageSummary page={page} />;
}
