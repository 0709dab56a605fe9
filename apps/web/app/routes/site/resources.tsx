import { PageIntro } from "../../components/ui/page-intro";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/resources";

const page: PageInfo = {
  title: "Resources",
  description: "A featured session and curated listening to help you relax, sleep and focus.",
};

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Resources() {
  return <PageIntro {...page} />;
}
