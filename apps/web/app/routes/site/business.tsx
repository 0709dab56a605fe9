import { PageIntro } from "../../components/ui/page-intro";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/business";

const page: PageInfo = {
  title: "For Business",
  description:
    "Give your team a yearly Serene subscription: $49.99 per employee per year, for 5 to 100 employees.",
};

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Business() {
  return <PageIntro {...page} />;
}
