import type { BusinessActivity } from "@serene/contract";
import { plural } from "./format";

const str = (value: unknown) => (typeof value === "string" || typeof value === "number" ? String(value) : "");
const seats = (value: unknown, one: string) => plural(Number(value) || 0, one);
/**
 * One line per entry of a business's own activity log (the portal's and the back office's view of
 * it): the known actions in words, any other by its name.
 */
export function describeBusinessActivity({ action, detail: d }: BusinessActivity): string {
  switch (action) {
    case "seats.invite":
      return `invited ${str(d.invited)} (${str(d.refused)} not invited)`;
    case "seat.resend":
      return `sent the invitation to ${str(d.email)} again`;
    case "seat.remove":
      return `took the seat back from ${str(d.email)}`;
    case "seat.freed":
      return "a seat was freed (its listener left)";
    case "seat.join":
      return "a listener took a seat by the join link";
    case "admin.add":
      return `added ${str(d.email)} as an admin`;
    case "admin.remove":
      return `removed ${str(d.email)} as an admin`;
    case "business.update":
      return `changed ${Array.isArray(d.fields) ? d.fields.join(", ") : "the details"}`;
    case "seats.granted":
      return `${seats(d.seats, "free seat")} given by Serene`;
    case "reminder.expiry":
      return "seats expiring soon: reminder sent";
    default:
      return action.startsWith("purchase.")
        ? `paid for ${seats(d.seats, "seat")}`
        : action.replace(/[._]/g, " ");
  }
}
