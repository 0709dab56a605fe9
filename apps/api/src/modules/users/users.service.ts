import type {
  MessageBody,
  RegisterUserBody,
  UserBulkInput,
  UserExportQuery,
  UserListQuery,
  UserSettingBody,
} from "@serene/contract";
import type { UserRole } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { bulkMessage, bulkRows, runBulk } from "../../lib/bulk.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/passwords.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { type Actor, recordActivity } from "../activity/index.ts";
import type { MediaService } from "../media/index.ts";
import type { Mailer } from "../mail/index.ts";
import { messageToUser } from "../mail/index.ts";
import { insertUserMessage } from "../messages/index.ts";
import {
  deleteAccountRows,
  eachUser,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  lockAdmins,
  restoreUserRow,
  trashUserRow,
  updateUser,
  usersByIds,
  usersMatching,
} from "./users.repository.ts";

type UserRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

const notYourself = () =>
  new AppError("bad_request", "You cannot delete your own account here; ask another admin");

const emailTaken = (email: string) =>
  new AppError("conflict", `A user with the e-mail ${email} already exists`, [
    { field: "email", message: "This e-mail is already used by another account" },
  ]);

const lastAdmin = () =>
  new AppError("last_admin", "The back office keeps at least one admin: make someone else an admin first");

/**
 * Refuses (409 `last_admin`) to remove or demote the account when it is the only admin left.
 * Every path that does (delete, bulk delete, the purge, a role change, leaving the back office)
 * calls it inside its transaction: the admins' rows stay locked until it ends, so two admins
 * removing each other at the same moment are taken one at a time and the second is refused.
 */
export async function keepLastAdmin(tx: Db, userId: string) {
  const admins = await lockAdmins(tx);
  if (admins.length <= 1 && admins.includes(userId)) throw lastAdmin();
}

type DeletionStep = (tx: Db, userId: string, actorId: string | null) => Promise<unknown>;
type TrashStep = (tx: Db, userId: string) => Promise<unknown>;
const deletionSteps = new Set<DeletionStep>();
const trashSteps = new Set<TrashStep>();

/**
 * What a module that keeps something of an account does as the account goes, inside its
 * transaction: the business module frees the person's seat, support marks their deletion
 * requests executed. Registered once as the services are wired (services.ts): the users module
 * asks, and never writes, the tables of the modules that build on it.
 */
export function whenAccountDeleted(step: DeletionStep) {
  deletionSteps.add(step);
}

/** The same for an account moved to the trash: the auth module ends its sessions. */
export function whenAccountTrashed(step: TrashStep) {
  trashSteps.add(step);
}

/**
 * Deletes an account's rows inside the caller's transaction: the user row with their personal data
 * (sessions, messages and host requests go with it by cascade), their seats freed, and the
 * activity entry (`user.delete`, or `user.purge` when the trash's purge deletes it). Answers the
 * row and the picture keys to discard once committed.
 */
export async function deleteAccountIn(
  tx: Db,
  userId: string,
  actor: Actor | null,
  action: "user.delete" | "user.purge" = "user.delete",
) {
  await keepLastAdmin(tx, userId);
  for (const step of deletionSteps) await step(tx, userId, actor?.userId ?? null);
  const deleted = await deleteAccountRows(tx, userId);
  if (!deleted) throw notFound("User");
  await recordActivity(
    tx,
    actor,
    action,
    "user",
    userId,
    { email: deleted.row.email },
    { before: deleted.row },
  );
  return deleted;
}

/**
 * An admin's delete: the account goes to the trash (hidden everywhere, its sessions ended, its
 * seats still taken) until restored or purged; never the admin's own account, nor the last admin.
 */
async function trashAccountIn(tx: Db, actor: Actor, user: UserRow) {
  if (user.id === actor.userId) throw notYourself();
  if (user.role === "admin") await keepLastAdmin(tx, user.id);
  const after = await trashUserRow(tx, user.id, actor.userId);
  if (!after) throw notFound("User");
  for (const step of trashSteps) await step(tx, user.id);
  await recordActivity(
    tx,
    actor,
    "user.trash",
    "user",
    user.id,
    { email: user.email },
    { before: user, after },
  );
  return after;
}

/** Takes an account out of the trash inside the caller's transaction, with its activity entry. */
export async function restoreAccountIn(tx: Db, actor: Actor, before: UserRow) {
  const after = await restoreUserRow(tx, before.id);
  if (!after) throw notFound("User in the trash");
  await recordActivity(
    tx,
    actor,
    "user.restore",
    "user",
    before.id,
    { email: before.email },
    { before, after },
  );
  return after;
}

/**
 * Deletes an account for real: its rows, then their pictures unless another row uses them.
 * Content they uploaded stays, attributed to no one. A listener's own deletion (requests, the
 * sweep) and the trash's purge; an admin's delete moves the account to the trash instead.
 */
export async function deleteUserAccount(db: Db, media: MediaService, userId: string, actor: Actor | null) {
  const { row, files } = await db.transaction((tx) => deleteAccountIn(tx, userId, actor));
  await media.discard(files);
  return row;
}

export function createUsersService(deps: {
  db: Db;
  media: MediaService;
  mailer: Mailer;
  supportEmail: string;
  /** E-mails an account its invitation (accounts' invite: a password link that verifies the address). */
  invite: (user: { id: string; email: string; username: string; role: UserRole }) => Promise<void>;
}) {
  const { db, media, mailer, supportEmail, invite } = deps;

  /** The host role for an app user, with a welcome in their inbox and the activity entry. */
  async function makeHostIn(tx: Db, actor: Actor, user: UserRow) {
    if (user.role === "admin")
      throw new AppError("conflict", "This user is an admin; admins already have every right");
    const updated = await updateUser(tx, user.id, { role: "host" });
    await insertUserMessage(tx, {
      kind: "direct",
      userId: user.id,
      title: "You are now a host",
      body: "Welcome aboard: you can now upload your own content to Serene.",
      sentBy: actor.userId,
    });
    await recordActivity(tx, actor, "user.make_host", "user", user.id, undefined, {
      before: user,
      after: updated,
    });
    return updated!;
  }

  /** A message in a user's app inbox, and the activity entry. */
  async function messageIn(tx: Db, actor: Actor, user: UserRow, body: MessageBody) {
    const row = await insertUserMessage(tx, {
      kind: "direct",
      userId: user.id,
      title: body.title ?? null,
      body: body.message,
      sentBy: actor.userId,
    });
    await recordActivity(tx, actor, "user.message", "user", user.id, { messageId: row.id }, { after: row });
    return row;
  }

  /** The inbox row is the record; the e-mail is a courtesy copy sent in the background. */
  function mailCopy(user: UserRow, message: { title: string | null; body: string }) {
    mailer.queue({
      to: { name: user.username, address: user.email },
      ...messageToUser({
        username: user.username,
        title: message.title,
        message: message.body,
        supportEmail,
      }),
    });
  }

  const service = {
    list: (query: UserListQuery) => listUsers(db, query),

    /** The accounts a filter matches in the list's order, a batch at a time (the CSV export); the export is recorded first. */
    async exportRows(actor: Actor, query: UserExportQuery) {
      const { sort: _sort, direction: _direction, ...filter } = query;
      await recordActivity(db, actor, "user.export", "user", null, { filter });
      return eachUser(db, query);
    },

    async get(id: string) {
      const user = await findUserById(db, id);
      if (!user) throw notFound("User");
      return user;
    },

    /**
     * POST /register: an app user (role "user"; no call can set a role), unverified and invited:
     * the invitation e-mail's link lets them choose their own password and verifies the address.
     * The password the form sets works until then (the spec's client always sends one).
     */
    async register(actor: AuthContext, body: RegisterUserBody, origin: string) {
      if (await findUserByEmail(db, body.email)) throw emailTaken(body.email);
      const imageKey = body.image
        ? await media.keyFor(body.image, "image", "image", { origin, by: actor })
        : null;
      try {
        const user = await db.transaction(async (tx) => {
          const user = await insertUser(tx, {
            email: body.email,
            username: body.username,
            passwordHash: await hashPassword(body.password),
            mood: body.moodType,
            imageKey,
            invitedAt: new Date(),
          });
          await recordActivity(
            tx,
            actor,
            "user.register",
            "user",
            user.id,
            { email: user.email },
            { after: user },
          );
          return user;
        });
        await invite(user);
        return user;
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken(body.email);
        throw err;
      }
    },

    /** The invitation again (a new link; the previous one ends), while it is not used. */
    async resendInvitation(id: string) {
      const user = await service.get(id);
      if (!user.invitedAt) throw conflict("This user has no open invitation: their address is verified");
      await invite(user);
      return user;
    },

    async updateSettings(actor: Actor, id: string, body: UserSettingBody) {
      const before = await service.get(id);
      if (body.email) {
        const other = await findUserByEmail(db, body.email);
        if (other && other.id !== id) throw emailTaken(body.email);
      }
      try {
        return await db.transaction(async (tx) => {
          const user = await updateUser(tx, id, {
            email: body.email,
            username: body.username,
            mood: body.mood,
            experience: body.experience,
          });
          await recordActivity(
            tx,
            actor,
            "user.update",
            "user",
            id,
            { fields: Object.keys(body) },
            { before, after: user },
          );
          return user!;
        });
      } catch (err) {
        if (body.email && isUniqueViolation(err)) throw emailTaken(body.email);
        throw err;
      }
    },

    /** Make a host: gives an app user the host role (admins stay admins). */
    async makeHost(actor: Actor, id: string) {
      const user = await service.get(id);
      if (user.role === "host") return user;
      return db.transaction((tx) => makeHostIn(tx, actor, user));
    },

    /** A message to one user, shown in their app inbox. */
    async sendMessage(actor: Actor, id: string, body: MessageBody) {
      const user = await service.get(id);
      const message = await db.transaction((tx) => messageIn(tx, actor, user, body));
      mailCopy(user, message);
      return { user, message };
    },

    /** An admin's delete: to the trash (restorable until the purge). */
    async remove(actor: Actor, id: string) {
      if (id === actor.userId) throw notYourself();
      const user = await service.get(id);
      return db.transaction((tx) => trashAccountIn(tx, actor, user));
    },

    /**
     * One action for many users (picked, or all matching the list's filter) in one transaction:
     * one activity entry per user; a user the rules refuse (your own account, an admin made a
     * host) is left as it was and reported.
     */
    async bulk(actor: Actor, body: UserBulkInput) {
      const { rows, missing } = await bulkRows(body, "users", {
        byIds: (ids) => usersByIds(db, ids),
        matching: (limit) => usersMatching(db, body.filter!, limit),
      });
      const name = (user: UserRow) => user.email;
      switch (body.action) {
        case "delete": {
          const result = await runBulk(
            db,
            rows,
            name,
            (tx, user) => trashAccountIn(tx, actor, user),
            missing,
          );
          return { ...result, message: bulkMessage(result, "deleted", "user", "users") };
        }
        case "make_host": {
          const result = await runBulk(
            db,
            rows,
            name,
            async (tx, user) => {
              if (user.role === "host") throw conflict("Already a host");
              return makeHostIn(tx, actor, user);
            },
            missing,
          );
          return { ...result, message: bulkMessage(result, "made hosts", "user", "users") };
        }
        case "message": {
          const result = await runBulk(
            db,
            rows,
            name,
            async (tx, user) => ({ user, message: await messageIn(tx, actor, user, body) }),
            missing,
          );
          for (const { user, message } of result.results) mailCopy(user, message);
          return { ...result, message: bulkMessage(result, "sent the message", "user", "users") };
        }
      }
    },
  };
  return service;
}

export type UsersService = ReturnType<typeof createUsersService>;
