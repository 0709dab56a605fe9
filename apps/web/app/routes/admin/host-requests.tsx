import { AdminPageSummary } from "../../components/ui/admin-page-summary";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/host-requests";

const page: PageInfo = {
  title: "Host request",
  description: "Hosts, and the requests of users who want to become one.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function HostRequests() {
  return <AdminPageSummary page={page} />;
}
