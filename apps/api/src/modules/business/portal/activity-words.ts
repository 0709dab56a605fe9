import type { BusinessActivityRow } from "./businesses.repository.ts";

/** The business's fields as the buyer calls them. */
const FIELD_WORDS: Record<string, string> = {
  name: "the business name",
  billingEmail: "the billing e-mail",
  billingAddress: "the billing address",
  taxId: "the tax ID",
  joinDomains: "the join domains",
  rotateJoinUrl: "the join link (a new one)",
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "a", "a and b", "a, b and c". */
function list(items: string[]) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * One entry of a business's activity log in the buyer's words: who did what, e.g. "sam@acme.com
 * changed the billing address", "Paid for 5 seats (invoice SER-2026-000002)", "Serene support
 * gave 2 free seats: a pilot". The server composes it, so every client shows the same sentence.
 */
export function activitySentence(a: Pick<BusinessActivityRow, "actorEmail" | "action" | "detail">): string {
  const who = a.actorEmail ?? "Serene";
  const d = a.detail as Record<string, unknown>;
  const n = (key: string) => Number(d[key] ?? 0);
  const email = String(d.email ?? "");
  const invoice = d.invoice ? ` (invoice ${String(d.invoice)})` : "";
  switch (a.action) {
    case "business.update": {
      const fields = (
        Array.isArray(d.changed) ? d.changed : Array.isArray(d.fields) ? d.fields : []
      ) as string[];
      const words = fields.map((f) => FIELD_WORDS[f] ?? "the business details");
      return words.length > 0
        ? `${who} changed ${list([...new Set(words)])}`
        : `${who} saved the details unchanged`;
    }
    case "seats.invite":
      return `${who} invited ${plural(n("invited"), "person", "people")}${n("refused") ? ` (${plural(n("refused"), "address")} not invited)` : ""}`;
    case "seat.resend":
      return `${who} sent the invitation to ${email} again`;
    case "seat.remove":
      return `${who} took back the seat of ${email}`;
    case "seat.withdraw":
      return `${who} withdrew the invitation of ${email}`;
    case "seat.readdress":
      return `${who} sent the invitation of ${String(d.from)} to ${String(d.to)} instead`;
    case "seat.give":
      return `${who} gave a seat to ${email}${d.keepsDays ? ` (it keeps ${plural(n("keepsDays"), "day")})` : ""}`;
    case "seat.freed":
      return "A seat was freed: its listener deleted their account";
    case "seat.join":
      return "A colleague took a free seat through the join link";
    case "eligibility.apply":
      return `${who} applied a staff list: ${plural(n("invited"), "person", "people")} invited, ${plural(n("removals"), "seat")} to free after ${plural(n("graceDays"), "day")}`;
    case "eligibility.cancel":
      return `${who} cancelled a seat's removal: that person keeps it`;
    case "admin.add":
      return `${who} added ${email} as an admin`;
    case "admin.remove":
      return `${who} removed ${email} as an admin`;
    case "checkout.add":
      return `${who} started a payment for ${plural(n("seats"), "more seat")}`;
    case "checkout.renew":
      return `${who} started a payment to renew ${plural(n("seats"), "seat")}`;
    case "purchase.first":
    case "purchase.add":
      return `Paid for ${plural(n("seats"), "seat")}${invoice}`;
    case "purchase.renew":
      return `Paid to renew ${plural(n("seats"), "seat")}${invoice}`;
    case "seats.granted":
      return `Serene support gave ${plural(n("seats"), "free seat")}: ${String(d.reason ?? "")}`;
    case "reminder.expiry":
      return `Serene reminded the admins: ${plural(n("seats"), "seat")} expire from ${String(d.date)}`;
    default:
      return `${who}: ${a.action.replace(/[._]/g, " ")}`;
  }
}
