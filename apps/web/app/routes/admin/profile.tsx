import { AdminPageSummary } from "../../components/ui/admin-page-summary";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/profile";

const page: PageInfo = {
  title: "Profile",
  description: "Your administrator profile.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Profile() {
  return <AdminPageSummary page={page} />;
}
