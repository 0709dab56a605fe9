import { Stack } from "@mantine/core";
import { EligibilitySection } from "../../features/business-portal/components/eligibility-section";
import { PendingRemovalsSection } from "../../features/business-portal/components/pending-removals-section";
import { sectionMeta } from "./section-meta";
import { sectionLoader } from "../../features/business-portal/portal-loaders";
import { removalsQuery } from "../../features/business-portal/api";

export const meta = () => sectionMeta("Staff list", "eligibility");

/** The pending removals, read beside the business (see portal-loaders.ts). */
export const clientLoader = sectionLoader((client, id) => client.prefetchQuery(removalsQuery(id)));

/** The staff list (eligibility sync): upload, dry run, apply; and the removals still to come. */
export default function PortalEligibility() {
  return (
    <Stack gap="xl">
      <EligibilitySection />
      <PendingRemovalsSection />
    </Stack>
  );
}
