import { REPORT_MIN_LISTENERS } from "@serene/contract/business";

/** Why a report leaves listening figures out (said wherever it does). */
export const WHY_WITHHELD = `Listening figures need ${REPORT_MIN_LISTENERS} listeners: a figure resting on fewer could point at one person, so it is not shown.`;

/** A portal section's words: its label in the menu, the heading it opens with, the paragraph under it. */
interface PortalSectionWords {
  label: string;
  heading: string;
  lead: string;
}

/**
 * The portal's sections in the menu's order, by their path under /business/portal (each its own
 * address). The section and its prerendered first paint (portal-shell.tsx) both read them, so the
 * first paint says what the section will, before any script has run.
 */
export const PORTAL_SECTIONS = {
  "": {
    label: "Overview",
    heading: "Overview",
    lead: "Your seats at a glance: how many you have, how many people have taken theirs, and what needs doing next.",
  },
  seats: {
    label: "Seats",
    heading: "Seats",
    lead:
      "Everyone you have given a seat, newest activity first. Withdraw or correct an invitation, remove someone, " +
      "or give a freed seat to somebody else.",
  },
  invite: {
    label: "Invite",
    heading: "Invite people",
    lead:
      "Each address gets a seat of its own and a code by e-mail. Until it is redeemed, you can withdraw or " +
      "correct an invitation under Seats.",
  },
  eligibility: {
    label: "Staff list",
    heading: "Staff list",
    lead:
      "Upload your whole staff list to keep the seats in step with it. New addresses are invited while free " +
      "seats last; people no longer listed lose their seat after a grace period. You see what would happen " +
      "first: nothing changes until you apply.",
  },
  billing: {
    label: "Billing",
    heading: "More seats",
    lead: "Buy more seats, renew the ones about to end, and find every invoice and your billing details further down.",
  },
  report: {
    label: "Report",
    heading: "Report",
    lead: `Anonymised figures of how your team listens, for months that have ended (a month\u2019s figures never change once it has ended). ${WHY_WITHHELD}`,
  },
  admins: {
    label: "Admins",
    heading: "Admins",
    lead: "Everyone who can manage this business here. Each admin signs in with a link sent to their e-mail.",
  },
  activity: {
    label: "Activity",
    heading: "Activity",
    lead: "Everything done in the portal, newest first: who did it, what changed, and when.",
  },
} as const satisfies Record<string, PortalSectionWords>;

export type PortalSectionPath = keyof typeof PORTAL_SECTIONS;
