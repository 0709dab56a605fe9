import { PageIntro } from "../../components/ui/page-intro";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/checkout";

const page: PageInfo = {
  title: "Checkout",
  description: "Confirming your business subscription.",
};

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Checkout() {
  return <PageIntro {...page} />;
}
