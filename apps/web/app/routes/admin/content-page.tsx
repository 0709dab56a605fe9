import { AdminPageSummary } from "../../components/ui/admin-page-summary";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/content-page";

const page: PageInfo = {
  title: "All Contents",
  description: "The audio content (resources) of the app: create, edit and delete it here.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function ContentPage() {
  return <AdminPageSummary page={page} />;
}
