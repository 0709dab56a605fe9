import { AdminPageSummary } from "../../components/ui/admin-page-summary";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/dashboard";

const page: PageInfo = {
  title: "Dashboard",
  description: "Usage at a glance: uploaded resources, users, host requests and recent activity.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Dashboard() {
  return <AdminPageSummary page={page} />;
}
