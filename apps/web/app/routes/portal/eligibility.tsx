import { Stack } from "@mantine/core";
import { EligibilitySection } from "../../features/business-portal/components/eligibility-section";
import { PendingRemovalsSection } from "../../features/business-portal/components/pending-removals-section";
import { sectionMeta } from "./section-meta";

export const meta = () => sectionMeta("Staff list", "eligibility");

/** The staff list (eligibility sync): upload, dry run, apply; and the removals still to come. */
export default function PortalEligibility() {
  return (
    <Stack gap="xl">
      <EligibilitySection />
      <PendingRemovalsSection />
    </Stack>
  );
}
