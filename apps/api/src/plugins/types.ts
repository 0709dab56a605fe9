import type { Access, UserRole } from "@serene/contract";
import type { Db } from "../db/client.ts";
import type {
  ContextConfigDefault,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawServerBase,
  RouteGenericInterface,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { FastifyRequestType, ResolveFastifyRequestType } from "fastify/types/type-provider.js";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/** The public URL of a stored media key (null stays null). */
export type MediaUrl = (key: string | null) => string | null;

/**
 * Who may call a route (declared with each endpoint in the contract). Hand-registered routes that
 * do not say are admin-only: secure by default.
 */
export type { Access };

export interface AuthContext {
  sessionId: string;
  userId: string;
  email: string;
  role: UserRole;
  /**
   * A staff account without two-factor sign-in while the back office requires it: the session
   * reaches only the routes marked `duringTwoFactorSetup` until it is turned on.
   */
  twoFactorSetupPending: boolean;
  /** The address of the client of this request (request.ip): the activity log records it. */
  ip: string;
}

/**
 * `request.auth` as a route's `config.access` makes it: the guard has checked a session on every
 * route that needs one, so there it is never null. Public and business routes (and code that does
 * not know its route, such as hooks) may see none. Routes state their access (admin included), so
 * the type follows what the guard enforces.
 */
export type AuthOf<Config> = Config extends { access: "authenticated" | "host" | "staff" | "admin" }
  ? AuthContext
  : AuthContext | null;

/** A business portal session: the admin's address (BUSINESS-API.md). */
export interface PortalContext {
  sessionId: string;
  email: string;
}

/**
 * `request.portal` as a route's `config.access` makes it: on a `business` route the guard has
 * checked a portal session of an admin of the business, so there it is never null.
 */
export type PortalOf<Config> = Config extends { access: "business" } ? PortalContext : PortalContext | null;

/**
 * The request as a `preValidation` hook that reads an upload into the body sees it. A hook typed
 * with the whole `FastifyRequest` (the default config) would stop TypeScript inferring the route's
 * config, and `request.auth` and `request.portal` would turn nullable again in its handler.
 */
export type UploadHookRequest = Pick<FastifyRequest, "isMultipart" | "file" | "parts" | "body">;

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** A session that must set up two-factor sign-in first may call it (sign-out, the set-up). */
    duringTwoFactorSetup?: boolean;
    /**
     * A public route that reads the caller's session when one is sent (`request.auth`); other
     * public routes never look it up.
     */
    readsSession?: boolean;
  }
  // The parameters of Fastify's own declaration (declarations merge only when they are the same),
  // so that `auth` can depend on the route's config; the others are unused here.
  /* eslint-disable @typescript-eslint/no-unused-vars */
  interface FastifyRequest<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ContextConfig = ContextConfigDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    RequestType extends FastifyRequestType = ResolveFastifyRequestType<
      TypeProvider,
      SchemaCompiler,
      RouteGeneric
    >,
  > {
    /* eslint-enable @typescript-eslint/no-unused-vars */
    /** The caller's session: never null on a route whose `access` needs one (see `AuthOf`). */
    auth: AuthOf<ContextConfig>;
    /** The portal session: never null on a `business` route (see `PortalOf`). */
    portal: PortalOf<ContextConfig>;
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
