import { AdminPageSummary } from "../../components/ui/admin-page-summary";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/app-management";

const page: PageInfo = {
  title: "Manage App",
  description: "The app-wide message and the Android and iOS app versions.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function AppManagement() {
  return <AdminPageSummary page={page} />;
}
