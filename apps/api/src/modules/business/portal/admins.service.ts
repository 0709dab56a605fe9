import { AppError, notFound } from "../../../lib/errors.ts";
import { deleteAdmin, deleteSessionsOfFormerAdmin, insertAdmin, lockAdmins } from "./admins.repository.ts";
import { insertBusinessActivity } from "./businesses.repository.ts";
import { type PortalCore } from "./portal-core.ts";

/** A business's admins: the list, adding one, removing one (never the last). */
export function createAdmins(deps: PortalCore) {
  const { db, sender, adminList } = deps;
  return {
    admins: adminList,

    async addAdmin(actor: string | null, id: string, email: string) {
      if (await insertAdmin(db, id, email)) {
        await insertBusinessActivity(db, id, actor, "admin.add", { email });
        await sender.welcomeAdmin(email);
      }
      return adminList(id);
    },

    async removeAdmin(actor: string, id: string, email: string) {
      await db.transaction(async (tx) => {
        const admins = await lockAdmins(tx, id);
        const target = admins.find((a) => a.email.toLowerCase() === email.toLowerCase());
        if (!target) throw notFound("Admin");
        if (admins.length === 1)
          throw new AppError("last_admin", "A business keeps at least one admin: add another one first");
        await deleteAdmin(tx, id, email);
        // A removed admin's sessions end at once (unless the address still runs another business).
        await deleteSessionsOfFormerAdmin(tx, email);
        await insertBusinessActivity(tx, id, actor, "admin.remove", { email: target.email });
      });
      return adminList(id);
    },
  };
}
