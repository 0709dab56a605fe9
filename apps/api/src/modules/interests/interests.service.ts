import type { CreateInterestBody, UpdateInterestBody } from "@serene/contract";
import type { Db } from "../../db/client.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import type { AuthContext } from "../../plugins/types.ts";
import { type Actor, recordActivity } from "../activity/index.ts";
import type { MediaService } from "../media/index.ts";
import {
  deleteInterest,
  findInterest,
  findInterestByName,
  insertInterest,
  listInterests,
  updateInterest,
} from "./interests.repository.ts";

const nameTaken = (name: string) =>
  new AppError("conflict", `An interest named "${name}" already exists`, [
    { field: "name", message: "An interest with this name already exists" },
  ]);

export function createInterestsService(db: Db, media: MediaService) {
  async function ensureNameFree(name: string, exceptId?: string) {
    const existing = await findInterestByName(db, name);
    if (existing && existing.id !== exceptId) throw nameTaken(name);
  }

  return {
    list: () => listInterests(db),

    async get(id: string) {
      const found = await findInterest(db, id);
      if (!found) throw notFound("Interest");
      return found;
    },

    async create(actor: AuthContext, body: CreateInterestBody, origin: string) {
      await ensureNameFree(body.name);
      const iconKey = await media.keyFor(body.icon, "image", "icon", { origin, by: actor });
      const row = await db.transaction(async (tx) => {
        const created = await insertInterest(tx, { name: body.name, iconKey, position: body.position });
        await recordActivity(
          tx,
          actor,
          "interest.create",
          "interest",
          created.id,
          { name: created.name },
          { after: created },
        );
        return created;
      });
      return { interest: row, resourceCount: 0 };
    },

    async update(actor: AuthContext, id: string, body: UpdateInterestBody, origin: string) {
      const current = await this.get(id);
      if (body.name) await ensureNameFree(body.name, id);
      const iconKey = body.icon
        ? await media.keyFor(body.icon, "image", "icon", {
            origin,
            by: actor,
            current: current.interest.iconKey,
          })
        : undefined;
      await db.transaction(async (tx) => {
        const updated = await updateInterest(tx, id, { name: body.name, position: body.position, iconKey });
        await recordActivity(
          tx,
          actor,
          "interest.update",
          "interest",
          id,
          { fields: Object.keys(body) },
          { before: current.interest, after: updated },
        );
      });
      if (iconKey && iconKey !== current.interest.iconKey) await media.discard([current.interest.iconKey]);
      return this.get(id);
    },

    async remove(actor: Actor, id: string) {
      const result = await db.transaction(async (tx) => {
        const gone = await deleteInterest(tx, id);
        if (!gone) throw notFound("Interest");
        await recordActivity(
          tx,
          actor,
          "interest.delete",
          "interest",
          id,
          {
            name: gone.interest.name,
            uncategorisedResources: gone.uncategorised,
          },
          { before: gone.interest },
        );
        return gone;
      });
      await media.discard([result.interest.iconKey]);
      return result;
    },
  };
}

export type InterestsService = ReturnType<typeof createInterestsService>;
