import { PageIntro } from "../../components/ui/page-intro";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/support";

const page: PageInfo = {
  title: "Support",
  description: "Questions about Serene? Send us a message and we will get back to you.",
};

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Support() {
  return <PageIntro {...page} />;
}
