import { AdminPageSummary } from "../../components/ui/admin-page-summary";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/interests";

const page: PageInfo = {
  title: "All Interests",
  description: "The interests (categories) that group the audio content.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Interests() {
  return <AdminPageSummary page={page} />;
}
