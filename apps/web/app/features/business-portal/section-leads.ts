import { REPORT_MIN_LISTENERS } from "@serene/contract/business";

/** Why a report leaves listening figures out (said wherever it does). */
export const WHY_WITHHELD = `Listening figures need ${REPORT_MIN_LISTENERS} listeners: a figure resting on fewer could point at one person, so it is not shown.`;

/**
 * The paragraph a section opens with (by its path under /business/portal): the section's prerendered
 * first paint shows it too (portal-shell.tsx), so it is read before any script has run.
 */
export const SECTION_LEADS: Partial<Record<string, string>> = {
  "": "Your seats at a glance: how many you have, how many people have taken theirs, and what needs doing next.",
  seats:
    "Everyone you have given a seat, newest activity first. Withdraw or correct an invitation, remove someone, " +
    "or give a freed seat to somebody else.",
  invite:
    "Each address gets a seat of its own and a code by e-mail. Until it is redeemed, you can withdraw or " +
    "correct an invitation under Seats.",
  eligibility:
    "Upload your whole staff list to keep the seats in step with it. New addresses are invited while free " +
    "seats last; people no longer listed lose their seat after a grace period. You see what would happen " +
    "first: nothing changes until you apply.",
  billing:
    "Buy more seats, renew the ones about to end, and find every invoice and your billing details further down.",
  report: `Anonymised figures of how your team listens, for months that have ended (a month\u2019s figures never change once it has ended). ${WHY_WITHHELD}`,
  admins: "Everyone who can manage this business here. Each admin signs in with a link sent to their e-mail.",
  activity: "Everything done in the portal, newest first: who did it, what changed, and when.",
};
