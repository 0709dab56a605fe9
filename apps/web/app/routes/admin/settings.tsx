import { AdminPageSummary } from "../../components/ui/admin-page-summary";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/settings";

const page: PageInfo = {
  title: "Settings",
  description: "Your password and account settings.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Settings() {
  return <AdminPageSummary page={page} />;
}
