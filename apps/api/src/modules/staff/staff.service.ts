import { type InviteStaffBody, isStaff, type StaffRole } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { recordActivity } from "../activity/index.ts";
import {
  deleteUserSessions,
  readBackOfficeSettings,
  replaceRecoveryCodes,
  saveBackOfficeSettings,
} from "../auth/index.ts";
import {
  addAccount,
  clearTotp,
  findUserByEmail,
  findUserById,
  keepLastAdmin,
  setRole,
} from "../users/index.ts";
import { listStaff } from "./staff.repository.ts";

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export interface StaffServiceDeps {
  db: Db;
  /** E-mails the account its invitation (accounts' invite: a single-use link to choose a password). */
  invite: (user: UserRow) => Promise<void>;
}

/** The back office's accounts (admins and editors) and its settings. */
export function createStaffService({ db, invite }: StaffServiceDeps) {
  /** A staff account by id (404 for any other account). */
  async function staffMember(tx: Db, id: string) {
    const user = await findUserById(tx, id);
    if (!user || !isStaff(user.role)) throw notFound("Admin or editor");
    return user;
  }

  /**
   * Gives a staff account another role, or none (`user`: it leaves the back office, its sessions
   * end); never takes the role of the last admin.
   */
  async function changeRole(actor: AuthContext, id: string, role: StaffRole | "user") {
    return db.transaction(async (tx) => {
      const before = await staffMember(tx, id);
      if (before.role === role) return before;
      await keepLastAdmin(tx, id);
      let after = await setRole(tx, id, role);
      if (role === "user") {
        // An account leaving the staff: its two-factor secret and recovery codes go with the role.
        after = await clearTotp(tx, id);
        await replaceRecoveryCodes(tx, id, []);
        await deleteUserSessions(tx, id);
      }
      await recordActivity(
        tx,
        actor,
        role === "user" ? "staff.remove" : "staff.role",
        "user",
        id,
        { email: before.email },
        { before, after },
      );
      return after!;
    });
  }

  return {
    list: () => listStaff(db),

    /**
     * Invites someone to the back office with a role: a new account (its password chosen through
     * the e-mailed single-use link), or an app account of that address given the role (the same
     * e-mail; its password stays until the link is used). An address already staff: 409.
     */
    async invite(actor: AuthContext, body: InviteStaffBody) {
      const existing = await findUserByEmail(db, body.email);
      if (existing && isStaff(existing.role)) {
        throw new AppError("conflict", `${existing.email} is in the back office already`, [
          { field: "email", message: "already has a back-office account" },
        ]);
      }
      let user: UserRow;
      try {
        user = await db.transaction(async (tx) => {
          const row = existing
            ? (await setRole(tx, existing.id, body.role))!
            : await addAccount(tx, {
                email: body.email,
                username: body.username ?? body.email.split("@")[0]!,
                role: body.role,
                invitedAt: new Date(),
              });
          await recordActivity(
            tx,
            actor,
            "staff.invite",
            "user",
            row.id,
            { email: row.email, role: body.role },
            { before: existing ? { role: existing.role } : null, after: { role: row.role } },
          );
          return row;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`An account with the e-mail ${body.email} was just made`);
        throw err;
      }
      await invite(user);
      return user;
    },

    setRole: (actor: AuthContext, id: string, role: StaffRole) => changeRole(actor, id, role),

    /** Removes an account from the back office: it keeps its app account, without a staff role. */
    remove: (actor: AuthContext, id: string) => changeRole(actor, id, "user"),

    settings: () => readBackOfficeSettings(db),

    async saveSettings(actor: AuthContext, values: { requireTwoFactor: boolean }) {
      await db.transaction(async (tx) => {
        const before = await readBackOfficeSettings(tx);
        await saveBackOfficeSettings(tx, values);
        await recordActivity(tx, actor, "settings.update", "settings", null, undefined, {
          before,
          after: values,
        });
      });
      return values;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
