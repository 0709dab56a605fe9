import { OverviewSection } from "../../features/business-portal/components/overview-section";

/** /business/portal: the overview (the layout's meta: the indexed sign-in page). */
export default function PortalOverview() {
  return <OverviewSection />;
}
