import type { UserRole } from "@serene/contract";
import type { Db } from "../db/client.ts";
import type { MediaUrl } from "../modules/media/storage.ts";
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/** Who may call a route. Routes that do not say are admin-only: secure by default. */
export type Access = "public" | "authenticated" | "host" | "admin";

export interface AuthContext {
  sessionId: string;
  userId: string;
  email: string;
  role: UserRole;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Public URL of a stored media key, as seen by this request's client. */
    mediaUrl: MediaUrl;
    /** scheme://host the client used to reach us. */
    origin: string;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
  }
}
