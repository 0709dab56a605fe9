import { PageIntro } from "../../components/ui/page-intro";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/terms";

const page: PageInfo = {
  title: "Terms",
  description: "The terms that apply when you use Serene and its app.",
};

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Terms() {
  return <PageIntro {...page} />;
}
