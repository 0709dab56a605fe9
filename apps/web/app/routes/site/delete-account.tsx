import { PageIntro } from "../../components/ui/page-intro";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/delete-account";

const page: PageInfo = {
  title: "Delete account",
  description: "Ask us to delete your Serene account and the data that belongs to it.",
};

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function DeleteAccount() {
  return <PageIntro {...page} />;
}
