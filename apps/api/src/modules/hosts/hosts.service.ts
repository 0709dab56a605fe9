import type { z } from "zod";
import type { createHostRequestBodySchema, HostRequestFilter, HostRequestListQuery } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { type Actor, recordActivity } from "../activity/index.ts";
import { alerts, markNotificationsReadFor, notifyAdmins } from "../activity/index.ts";
import type { MediaService } from "../media/index.ts";
import { insertUserMessage } from "../messages/index.ts";
import { findUserById, setRole } from "../users/index.ts";
import {
  eachHostRequest,
  decideHostRequest,
  findHostRequest,
  findLatestHostRequestOf,
  insertHostRequest,
  listHostRequests,
  listHosts,
} from "./hosts.repository.ts";

const DECISION_MESSAGES = {
  approved: {
    title: "You are now a host",
    body: "Your request to become a host was approved. Welcome aboard: you can now upload your own content.",
  },
  declined: {
    title: "About your host request",
    body: "Thank you for your interest in hosting. We can't approve your request right now; you are welcome to apply again later.",
  },
} as const;

export function createHostsService(db: Db, media: MediaService) {
  const service = {
    hosts: (page: number, limit: number) => listHosts(db, page, limit),
    requests: (query: HostRequestListQuery) => listHostRequests(db, query),

    /** The requests a filter matches, a batch at a time (the CSV export); the export is recorded first. */
    async exportRows(actor: Actor, filter: HostRequestFilter) {
      await recordActivity(db, actor, "host_request.export", "host_request", null, { filter });
      return eachHostRequest(db, filter);
    },

    async get(id: string) {
      const found = await findHostRequest(db, id);
      if (!found) throw notFound("Host request");
      return found;
    },

    /** The signed-in user's own latest request (null when they never asked). */
    own: async (actor: AuthContext) => (await findLatestHostRequestOf(db, actor.userId)) ?? null,

    /** An app user asks to become a host; admins are alerted. One open request per user. */
    async request(actor: AuthContext, body: z.output<typeof createHostRequestBodySchema>, origin: string) {
      const user = await findUserById(db, actor.userId);
      if (!user) throw notFound("User");
      if (user.role !== "user") throw new AppError("conflict", "You are already a host");
      // Their own picture is theirs to reuse, whoever stored it.
      const imageKey = body.image
        ? await media.keyFor(body.image, "image", "image", { origin, by: actor, current: user.imageKey })
        : user.imageKey;
      try {
        const row = await db.transaction(async (tx) => {
          const created = await insertHostRequest(tx, {
            userId: user.id,
            reason: body.reason,
            lastName: body.lastName ?? user.lastName,
            imageKey,
          });
          await notifyAdmins(tx, alerts.hostRequest(created.id, user.username));
          await recordActivity(
            tx,
            actor,
            "host_request.create",
            "host_request",
            created.id,
            { username: user.username },
            { after: created },
          );
          return created;
        });
        return service.get(row.id);
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError("conflict", "You already have a host request waiting for a decision");
        throw err;
      }
    },

    /**
     * Approve (the user gets the host role) or decline, with a reason the user reads when one is
     * given; records who decided when and tells the user.
     */
    async decide(actor: Actor, id: string, decision: "approved" | "declined", reason?: string) {
      if (decision === "approved" && reason) {
        const message = "only a decline takes a reason";
        throw new AppError("validation_failed", `reason: ${message}`, [{ field: "reason", message }]);
      }
      await service.get(id);
      const why = reason || null;
      await db.transaction(async (tx) => {
        const decided = await decideHostRequest(tx, id, decision, actor.userId, why);
        if (!decided) throw new AppError("conflict", "This request has already been decided");
        if (decision === "approved") {
          const user = await findUserById(tx, decided.userId);
          if (user?.role === "user") await setRole(tx, decided.userId, "host");
        }
        await insertUserMessage(tx, {
          kind: "direct",
          userId: decided.userId,
          title: DECISION_MESSAGES[decision].title,
          body: why
            ? `${DECISION_MESSAGES[decision].body}\n\nThe reason: ${why}`
            : DECISION_MESSAGES[decision].body,
          sentBy: actor.userId,
        });
        await markNotificationsReadFor(tx, "host_request", id);
        await recordActivity(
          tx,
          actor,
          `host_request.${decision === "approved" ? "approve" : "decline"}`,
          "host_request",
          id,
          { userId: decided.userId },
          {
            before: { ...decided, state: "pending", decidedBy: null, decidedAt: null, decisionReason: null },
            after: decided,
          },
        );
      });
      return service.get(id);
    },
  };
  return service;
}

export type HostsService = ReturnType<typeof createHostsService>;
