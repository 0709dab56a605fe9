import { PageIntro } from "../../components/ui/page-intro";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/privacy-policy";

const page: PageInfo = {
  title: "Privacy Policy",
  description: "How Serene collects, uses and protects your data. Last updated September 20, 2023.",
};

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function PrivacyPolicy() {
  return <PageIntro {...page} />;
}
