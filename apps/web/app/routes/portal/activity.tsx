import { ActivitySection } from "../../features/business-portal/components/activity-section";
import { sectionMeta } from "./section-meta";

export const meta = () => sectionMeta("Activity", "activity");

export default function PortalActivity() {
  return <ActivitySection />;
}
