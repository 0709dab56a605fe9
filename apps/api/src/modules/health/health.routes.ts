import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import type { App } from "../../plugins/types.ts";
import { ok } from "../../lib/reply.ts";

const healthSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({ database: z.enum(["pglite", "postgres"]), uptimeSeconds: z.number() }),
});

/** 200 only when the database answers. */
export async function healthRoutes(app: App, { database }: { database: Database }) {
  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: { tags: ["health"], summary: "Liveness and database check", response: { 200: healthSchema } },
    },
    async (request) => {
      try {
        await database.ping();
      } catch (err) {
        request.log.error({ err }, "health check: database does not answer");
        throw new AppError("service_unavailable", "The database does not answer");
      }
      return ok("ok", { database: database.kind, uptimeSeconds: Math.round(process.uptime()) });
    },
  );
}
