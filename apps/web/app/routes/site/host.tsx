import { PageIntro } from "../../components/ui/page-intro";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/host";

const page: PageInfo = {
  title: "Get Started",
  description: "Get the Serene app on your phone and start listening in minutes.",
};

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Host() {
  return <PageIntro {...page} />;
}
