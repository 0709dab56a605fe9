/**
 * The paragraph a section opens with, where it has one (by its path under /business/portal): the
 * section's prerendered first paint shows it too (portal-shell.tsx), so it is read before any script.
 */
export const SECTION_LEADS: Partial<Record<string, string>> = {
  eligibility:
    "Upload your whole staff list to keep the seats in step with it. New addresses are invited while free " +
    "seats last; people no longer listed lose their seat after a grace period. You see what would happen " +
    "first: nothing changes until you apply.",
};
