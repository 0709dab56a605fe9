import { insertBusinessActivity } from "../portal/businesses.repository.ts";
import { createPortalCore, type PortalServiceDeps } from "../portal/portal-core.ts";
import { seatsExpiring } from "../portal/portal.mail.ts";
import { claimReminder, seatsExpiringWithin } from "./reminders.repository.ts";

/** Expiry reminders go this many days before seats expire (the first one that applies). */
const REMINDER_STEPS = [7, 30, 60] as const;

/** The expiry reminders the job sends to a business's admins (above the portal, on its core). */
export function createExpiryReminders(deps: PortalServiceDeps) {
  const { db, siteUrl, supportEmail, send, adminList } = createPortalCore(deps);
  return {
    /**
     * E-mails the admins of businesses whose seats expire within 60, 30 or 7 days: once per
     * business, month of expiry and step (claimed, so several instances send it once), counting
     * the month's seats; a month first seen at 20 days gets the 30-day one only. Answers how many
     * e-mails went out.
     */
    async sendExpiryReminders() {
      let sent = 0;
      for (const due of await seatsExpiringWithin(db, REMINDER_STEPS.at(-1)!)) {
        const step = REMINDER_STEPS.find((s) => due.daysLeft <= s)!;
        if (!(await claimReminder(db, due.businessId, due.month, step))) continue;
        const content = seatsExpiring({
          businessName: due.name,
          seats: due.seats,
          first: due.first,
          last: due.last,
          days: due.daysLeft,
          portalUrl: `${siteUrl}/business/portal`,
          supportEmail,
        });
        for (const admin of await adminList(due.businessId)) if (await send(admin.email, content)) sent++;
        await insertBusinessActivity(db, due.businessId, null, "reminder.expiry", {
          date: due.first,
          seats: due.seats,
          step,
        });
      }
      return sent;
    },
  };
}

export type ExpiryReminders = ReturnType<typeof createExpiryReminders>;
