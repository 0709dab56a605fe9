import { ActivitySection } from "../../features/business-portal/components/activity-section";
import { sectionMeta } from "./section-meta";
import { sectionLoader } from "../../features/business-portal/portal-loaders";
import { activityQuery } from "../../features/business-portal/api";

export const meta = () => sectionMeta("Activity", "activity");

/** The activity's first page, read beside the business (see portal-loaders.ts). */
export const clientLoader = sectionLoader((client, id) => client.prefetchInfiniteQuery(activityQuery(id)));

export default function PortalActivity() {
  return <ActivitySection />;
}
