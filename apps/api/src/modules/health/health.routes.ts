import { healthEndpoints } from "@serene/contract";
import { route } from "../../plugins/route.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../../plugins/types.ts";
import { ok } from "../../lib/reply.ts";

/** 200 only when the database answers. */
export async function healthRoutes(app: App, { database }: { database: Database }) {
  route(app, healthEndpoints.status, async (request) => {
    try {
      await database.ping();
    } catch (err) {
      request.log.error({ err }, "health check: database does not answer");
      throw new AppError("service_unavailable", "The database does not answer");
    }
    return ok("ok", { database: database.kind, uptimeSeconds: Math.round(process.uptime()) });
  });
}
