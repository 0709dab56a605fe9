import {
  ACCOUNT_DELETION_DAYS,
  type DeleteAccountInput,
  type DeletionRequestFilter,
  type DeletionRequestListQuery,
} from "@serene/contract";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { type Actor, recordActivity, type Visitor } from "../activity/index.ts";
import { alerts, notifyAdmins } from "../activity/index.ts";
import { accountDeleted, deletionConfirmation } from "../mail/index.ts";
import { type RecipientMailLimit } from "../limits/index.ts";
import { deleteUserAccount, findUserByEmail, findUserById } from "../users/index.ts";
import { confirmDeletionMail, issueAccountToken, useAccountToken } from "../accounts/index.ts";
import {
  closeDeletionRequest,
  eachDeletionRequest,
  findDeletionRequest,
  findDueDeletionRequests,
  findPendingDeletionRequestByEmail,
  insertDeletionRequest,
  listDeletionRequests,
} from "./support.repository.ts";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { Mailer } from "../mail/index.ts";
import type { MediaService } from "../media/index.ts";

/** What the support service needs: the inbox and the deletion requests alike. */
export interface SupportServiceDeps {
  db: Db;
  media: MediaService;
  mailer: Mailer;
  supportEmail: string;
  /** The base of the e-mails' links (config.siteUrl). */
  siteUrl: string;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
}

const DAY_MS = 24 * 3600_000;
/** How long the confirmation link of the /delete-account form works. */
const DELETION_LINK_TTL_MS = DAY_MS;

/** When a request made at `createdAt` is carried out if the user stays inactive. */
export const deletionDueAt = (createdAt: Date) =>
  new Date(createdAt.getTime() + ACCOUNT_DELETION_DAYS * DAY_MS);

export interface SweepResult {
  deleted: number;
  cancelled: number;
  /** Requests whose account no longer existed: closed with nothing to delete. */
  closed: number;
  /** Admin accounts are never deleted automatically; an admin decides. */
  skipped: number;
}

/** A pending request's change of state, as the activity log records it (before and after). */
const closedAs = (state: "executed" | "cancelled") => ({
  before: { state: "pending" },
  after: { state },
});

/** Deletes the account, tolerating that it is already gone (another admin or instance was first). */
async function deleteIfPresent(deps: SupportServiceDeps, userId: string, actor: Actor | null) {
  try {
    return await deleteUserAccount(deps.db, deps.media, userId, actor);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  }
}

/**
 * Deletes the accounts whose pending deletion request is at least 90 days old and who have not
 * used the app since they asked; cancels the requests of users who have. Safe to run on several
 * instances at once: each request is closed by exactly one of them.
 */
export async function sweepDeletionRequests(
  deps: SupportServiceDeps,
  now = new Date(),
): Promise<SweepResult> {
  const result: SweepResult = { deleted: 0, cancelled: 0, closed: 0, skipped: 0 };
  const cutoff = new Date(now.getTime() - ACCOUNT_DELETION_DAYS * DAY_MS);
  for (const { request, userRole, userLastActiveAt } of await findDueDeletionRequests(deps.db, cutoff)) {
    const activeSince = userLastActiveAt !== null && userLastActiveAt > request.createdAt;
    if (request.userId && activeSince) {
      if (await closeDeletionRequest(deps.db, request.id, "cancelled", null)) {
        await recordActivity(
          deps.db,
          null,
          "deletion_request.cancel",
          "deletion_request",
          request.id,
          { email: request.email, reason: "The user was active after asking" },
          closedAs("cancelled"),
        );
        result.cancelled++;
      }
      continue;
    }
    if (request.userId && userRole === "admin") {
      result.skipped++;
      continue;
    }
    const deleted = request.userId ? await deleteIfPresent(deps, request.userId, null) : null;
    // Deleting the account closes its pending requests itself; close one that had no account.
    if ((await closeDeletionRequest(deps.db, request.id, "executed", null)) || deleted) {
      await recordActivity(
        deps.db,
        null,
        "deletion_request.execute",
        "deletion_request",
        request.id,
        { email: request.email, accountDeleted: Boolean(deleted) },
        closedAs("executed"),
      );
      if (deleted) {
        result.deleted++;
        deps.mailer.queue({
          to: request.email,
          ...accountDeleted({ email: request.email, supportEmail: deps.supportEmail }),
        });
      } else {
        result.closed++;
      }
    }
  }
  if (result.deleted || result.cancelled || result.closed || result.skipped) {
    deps.log.info({ ...result }, "account deletion sweep");
  }
  return result;
}

/** Account deletion requests: the /delete-account form and its link, the back office's list, carrying one out or cancelling it. */
export function createDeletionRequests(deps: SupportServiceDeps, mailLimit: RecipientMailLimit) {
  const { db, mailer, supportEmail } = deps;
  const service = {
    /**
     * The /delete-account form: e-mails a confirmation link to the address when an account uses
     * it, and files nothing. The answer is the same either way, and an address without an
     * account receives nothing (no account enumeration, no mail to strangers).
     */
    async requestDeletion(input: DeleteAccountInput) {
      const user = await findUserByEmail(db, input.email);
      if (!user || !(await mailLimit.allow(user.email))) return;
      const token = await db.transaction((tx) =>
        issueAccountToken(tx, "delete_account", user, DELETION_LINK_TTL_MS, {
          data: { reason: input.reason },
        }),
      );
      mailer.queue({
        to: user.email,
        ...confirmDeletionMail({
          confirmUrl: `${deps.siteUrl}/delete-account/confirm?token=${encodeURIComponent(token)}`,
          supportEmail,
        }),
      });
    },

    /**
     * The link of that e-mail, confirmed: files the request for the back office (once per
     * address while one is open) and confirms it by e-mail.
     */
    async confirmDeletion(token: string, visitor: Visitor) {
      const used = await db.transaction((tx) => useAccountToken(tx, "delete_account", token));
      const user = used?.userId ? await findUserById(db, used.userId) : undefined;
      if (!used || !user) {
        throw new AppError("invalid_token", "This link is not valid any more: send the form again", [
          { field: "token", message: "is unknown, used or expired" },
        ]);
      }
      const open = await findPendingDeletionRequestByEmail(db, user.email);
      const request =
        open ??
        (await db.transaction(async (tx) => {
          const row = await insertDeletionRequest(tx, {
            email: user.email,
            reason: used.data?.reason ?? "",
            userId: user.id,
          });
          await notifyAdmins(tx, alerts.deletionRequest(row.id, user.email, true));
          await recordActivity(tx, visitor, "deletion_request.create", "deletion_request", row.id, {
            email: user.email,
            accountFound: true,
          });
          return row;
        }));
      mailer.queue({
        to: user.email,
        ...deletionConfirmation({
          email: user.email,
          accountFound: true,
          dueAt: deletionDueAt(request.createdAt),
          supportEmail,
        }),
      });
      return request;
    },

    listDeletionRequests: (query: DeletionRequestListQuery) => listDeletionRequests(db, query),

    /** The requests a filter matches, a batch at a time (the CSV export); the export is recorded first. */
    async exportDeletionRequests(actor: Actor, filter: DeletionRequestFilter) {
      await recordActivity(db, actor, "deletion_request.export", "deletion_request", null, { filter });
      return eachDeletionRequest(db, filter);
    },

    async getDeletionRequest(id: string) {
      const found = await findDeletionRequest(db, id);
      if (!found) throw notFound("Deletion request");
      return found;
    },

    /** Deletes the account now (an admin's decision) and closes the request. */
    async executeDeletion(actor: Actor, id: string) {
      const { request } = await service.getDeletionRequest(id);
      if (request.state !== "pending") throw conflict(`This request is already ${request.state}`);
      if (request.userId === actor.userId) {
        throw conflict("You cannot delete your own account here; ask another admin");
      }
      const deleted = request.userId ? await deleteIfPresent(deps, request.userId, actor) : null;
      const closed = await closeDeletionRequest(db, id, "executed", actor.userId);
      if (!closed && !deleted) throw conflict("This request was closed in the meantime");
      await recordActivity(
        db,
        actor,
        "deletion_request.execute",
        "deletion_request",
        id,
        { email: request.email, accountDeleted: Boolean(deleted) },
        closedAs("executed"),
      );
      if (deleted)
        mailer.queue({ to: request.email, ...accountDeleted({ email: request.email, supportEmail }) });
      return service.getDeletionRequest(id);
    },

    async cancelDeletion(actor: Actor, id: string) {
      const { request } = await service.getDeletionRequest(id);
      if (request.state !== "pending") throw conflict(`This request is already ${request.state}`);
      await db.transaction(async (tx) => {
        if (!(await closeDeletionRequest(tx, id, "cancelled", actor.userId))) {
          throw conflict("This request was closed in the meantime");
        }
        await recordActivity(
          tx,
          actor,
          "deletion_request.cancel",
          "deletion_request",
          id,
          { email: request.email },
          closedAs("cancelled"),
        );
      });
      return service.getDeletionRequest(id);
    },

    sweep: (now?: Date) => sweepDeletionRequests(deps, now),
  };
  return service;
}
