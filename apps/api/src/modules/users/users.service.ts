import type { MessageBody, RegisterUserBody, UserListQuery, UserSettingBody } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/passwords.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { type Actor, recordActivity } from "../activity/index.ts";
import { freeSeatsOf } from "../business/index.ts";
import type { MediaService } from "../media/index.ts";
import type { Mailer } from "../mail/index.ts";
import { messageToUser } from "../mail/index.ts";
import { insertUserMessage } from "../messages/index.ts";
import {
  deleteAccountRows,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsers,
  updateUser,
} from "./users.repository.ts";

const emailTaken = (email: string) =>
  new AppError("conflict", `A user with the e-mail ${email} already exists`, [
    { field: "email", message: "This e-mail is already used by another account" },
  ]);

/**
 * Deletes an account: the user row with their personal data (sessions, messages and host
 * requests go with it by cascade), then their pictures unless another row uses them. Content
 * they uploaded stays, attributed to no one. The one way accounts are deleted (admin, deletion
 * requests, sweep).
 */
export async function deleteUserAccount(db: Db, media: MediaService, userId: string, actor: Actor | null) {
  const { row, files } = await db.transaction(async (tx) => {
    await freeSeatsOf(tx, userId);
    const deleted = await deleteAccountRows(tx, userId, actor?.userId ?? null);
    if (!deleted) throw notFound("User");
    await recordActivity(
      tx,
      actor,
      "user.delete",
      "user",
      userId,
      { email: deleted.row.email },
      { before: deleted.row },
    );
    return deleted;
  });
  await media.discard(files);
  return row;
}

export function createUsersService(deps: {
  db: Db;
  media: MediaService;
  mailer: Mailer;
  supportEmail: string;
  /** E-mails an account its invitation (accounts' invite: a password link that verifies the address). */
  invite: (user: { id: string; email: string; username: string }) => Promise<void>;
}) {
  const { db, media, mailer, supportEmail, invite } = deps;
  const service = {
    list: (query: UserListQuery) => listUsers(db, query),

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
      if (user.role === "admin")
        throw new AppError("conflict", "This user is an admin; admins already have every right");
      if (user.role === "host") return user;
      return db.transaction(async (tx) => {
        const updated = await updateUser(tx, id, { role: "host" });
        await insertUserMessage(tx, {
          kind: "direct",
          userId: id,
          title: "You are now a host",
          body: "Welcome aboard: you can now upload your own content to Serene.",
          sentBy: actor.userId,
        });
        await recordActivity(tx, actor, "user.make_host", "user", id, undefined, {
          before: user,
          after: updated,
        });
        return updated!;
      });
    },

    /** A message to one user, shown in their app inbox. */
    async sendMessage(actor: Actor, id: string, body: MessageBody) {
      const user = await service.get(id);
      const message = await db.transaction(async (tx) => {
        const row = await insertUserMessage(tx, {
          kind: "direct",
          userId: id,
          title: body.title ?? null,
          body: body.message,
          sentBy: actor.userId,
        });
        await recordActivity(tx, actor, "user.message", "user", id, { messageId: row.id });
        return row;
      });
      // The inbox row is the record; the e-mail is a courtesy copy sent in the background.
      mailer.queue({
        to: { name: user.username, address: user.email },
        ...messageToUser({
          username: user.username,
          title: message.title,
          message: message.body,
          supportEmail,
        }),
      });
      return { user, message };
    },

    async remove(actor: Actor, id: string) {
      if (id === actor.userId) {
        throw new AppError("bad_request", "You cannot delete your own account here; ask another admin");
      }
      return deleteUserAccount(db, media, id, actor);
    },
  };
  return service;
}

export type UsersService = ReturnType<typeof createUsersService>;
