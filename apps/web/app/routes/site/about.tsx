import { PageIntro } from "../../components/ui/page-intro";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/about";

const page: PageInfo = {
  title: "About us",
  description:
    "We make calm, practical audio that helps people sleep better and feel steadier, one quiet moment at a time.",
};

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function About() {
  return <PageIntro {...page} />;
}
