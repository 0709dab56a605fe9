import { randomUUID } from "node:crypto";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import Fastify, {
  type FastifyLoggerOptions,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from "fastify";
import type { DestinationStream, LoggerOptions } from "pino";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config/env.ts";
import type { Database } from "./db/client.ts";
import { databaseRateLimitStore } from "./modules/limits/index.ts";
import { OneLinePerRequest } from "./lib/request-lines.ts";
import { AppError } from "./lib/errors.ts";
import { accountRoutes, profileRoutes } from "./modules/accounts/index.ts";
import { activityRoutes } from "./modules/activity/index.ts";
import { appConfigRoutes, appManagementRoutes } from "./modules/app-management/index.ts";
import { authRoutes } from "./modules/auth/index.ts";
import {
  backOfficeBusinessRoutes,
  businessRoutes,
  portalRoutes,
  stripeWebhookRoutes,
} from "./modules/business/index.ts";
import { catalogueRoutes } from "./modules/catalogue/index.ts";
import { dashboardRoutes } from "./modules/dashboard/index.ts";
import { entitlementRoutes } from "./modules/entitlement/index.ts";
import { habitRoutes } from "./modules/habit/index.ts";
import { healthRoutes } from "./modules/health/index.ts";
import { hostContentRoutes } from "./modules/host-content/index.ts";
import { hostRoutes } from "./modules/hosts/index.ts";
import { interestRoutes } from "./modules/interests/index.ts";
import { contentStatsRoutes, listeningRoutes } from "./modules/listening/index.ts";
import { mediaFileRoutes, signedQuery, uploadRoutes } from "./modules/media/index.ts";
import { messagesRoutes } from "./modules/messages/index.ts";
import { resourceRoutes } from "./modules/resources/index.ts";
import { seriesAdminRoutes, seriesRoutes } from "./modules/series/index.ts";
import { staffRoutes } from "./modules/staff/index.ts";
import { siteRoutes } from "./modules/site/index.ts";
import { supportRoutes } from "./modules/support/index.ts";
import { trashRoutes } from "./modules/trash/index.ts";
import { userRoutes } from "./modules/users/index.ts";
import { authGuardPlugin } from "./plugins/auth-guard.ts";
import { compressJsonPlugin } from "./plugins/compress-json.ts";
import { errorHandlerPlugin, handleFrameworkError } from "./plugins/error-handler.ts";
import { formPostsPlugin } from "./plugins/form-posts.ts";
import { openApiPlugin } from "./plugins/open-api.ts";
import { replySerializerCompiler } from "./plugins/reply-serializer.ts";
import { bodyPacePlugin } from "./plugins/body-pace.ts";
import { redactUrl } from "./lib/redact-url.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import type { App } from "./plugins/types.ts";
import { webAppPlugin } from "./plugins/web-app.ts";
import { createServices } from "./services.ts";

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** pino options, or false for silence (tests). */
  logger?: FastifyServerOptions["logger"];
  /** Sees every route as it is registered (the route-guard test lists them). */
  onRoute?: (route: RouteOptions) => void;
  /** The clock of the listening rules (tests move it); the system clock otherwise. */
  clock?: () => Date;
}

const MINUTE = 60_000;

/**
 * Pino settings: JSON lines to `stream` (by default pino's own standard output), request id on
 * each, credentials never written (nor a URL's secret query values: see redactUrl).
 */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.token",
      ],
      censor: "[redacted]",
    },
    serializers: {
      req: (req: { method?: string; url?: string }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ""),
      }),
    },
  };
}

/** Back-office audio URLs work to the end of the next full hour: the same URL for an hour, so players and caches reuse it. */
const backOfficeExpiry = () => new Date((Math.floor(Date.now() / HOUR) + 2) * HOUR);
const HOUR = 3600_000;

/** Builds the whole app without listening: tests call it with their own database. */
export async function buildApp({
  config,
  database,
  logger = false,
  onRoute,
  clock = () => new Date(),
}: BuildAppOptions): Promise<App> {
  const requestLines = new OneLinePerRequest();
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Without these a client sending a byte a minute holds a connection forever (Fastify turns
    // Node's request timeout off). Node checks them every connectionsCheckingInterval.
    http: {
      headersTimeout: config.timeouts.headersMs,
      connectionsCheckingInterval: Math.min(config.timeouts.headersMs / 2, 10_000),
    },
    requestTimeout: config.timeouts.requestMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    logController: requestLines,
    frameworkErrors: (err, request, reply) => void handleFrameworkError(err, request, reply),
  }).withTypeProvider<ZodTypeProvider>();

  requestLines.useLogger(app.log);
  if (onRoute) app.addHook("onRoute", onRoute);
  app.setValidatorCompiler(validatorCompiler);
  // Production writes replies with fast-json-stringify; tests and development check them with zod too.
  app.setSerializerCompiler(replySerializerCompiler(config.env !== "production"));
  app.decorate("db", database.db);
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  app.addHook("onClose", async () => {
    await database.close();
  });

  const services = createServices(config, database.db, app.log, database.changes, clock);
  const { storage, media, mediaSecret } = services;
  app.decorateRequest("origin", {
    getter(this: FastifyRequest) {
      return `${this.protocol}://${this.host}`;
    },
  });
  app.decorateRequest("mediaUrl", {
    getter(this: FastifyRequest) {
      // Audio may be paid: on local disk its URLs carry a signature, so the back office's players
      // keep working (the file route refuses paid audio without one).
      return (key: string | null) =>
        !key
          ? null
          : key.startsWith("audio/") && !config.media.s3
            ? `${storage.url(key, this.origin)}?${signedQuery(mediaSecret, key, backOfficeExpiry())}`
            : storage.url(key, this.origin);
    },
  });

  await app.register(errorHandlerPlugin);
  await app.register(compressJsonPlugin);
  const secureCookies = config.publicUrl?.startsWith("https://") ?? false;
  await app.register(securityHeadersPlugin, { secureCookies });
  await app.register(bodyPacePlugin, { pace: config.media.uploadPace });
  await app.register(cookie);
  await app.register(multipart);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database: shared by every instance, kept across restarts.
    store: databaseRateLimitStore(database.db),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        "rate_limited",
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
        undefined,
        Math.ceil(context.ttl / 1000),
      ),
  });

  // Before the routes: the public forms' routes also take plain HTML form posts.
  await app.register(formPostsPlugin, { publicUrl: config.publicUrl });

  await app.register(authGuardPlugin, {
    auth: services.auth,
    portal: services.portal,
    publicUrl: config.publicUrl,
  });
  await app.register(openApiPlugin);
  app.decorate("jobs", services.jobs);
  // Runs before the database closes (onClose hooks run last-added first).
  app.addHook("onClose", async () => {
    await app.jobs.stop();
    await services.mailer.close();
  });

  const window = (max: number) => ({ max, timeWindow: 15 * MINUTE });
  await app.register(healthRoutes, { prefix: "/api", database });
  await app.register(authRoutes, {
    prefix: "/api/v1/auth",
    auth: services.auth,
    secureCookies,
  });
  // The spec's user domain: the back office, the website's forms and the business purchase.
  await app.register(
    async (user: App) => {
      await user.register(userRoutes, { users: services.users });
      await user.register(uploadRoutes, { media, storage });
      await user.register(dashboardRoutes, { dashboard: services.dashboard });
      await user.register(activityRoutes, { activity: services.activity });
      await user.register(appManagementRoutes, { appManagement: services.appManagement });
      await user.register(hostRoutes, { hosts: services.hosts });
      await user.register(interestRoutes, { interests: services.interests });
      await user.register(resourceRoutes, { resources: services.resources });
      await user.register(contentStatsRoutes, { listening: services.listening });
      await user.register(seriesAdminRoutes, { series: services.series });
      await user.register(staffRoutes, { staff: services.staff });
      await user.register(trashRoutes, { trash: services.trash });
      await user.register(siteRoutes, { config });
      await user.register(supportRoutes, {
        support: services.support,
        addressLimit: window(config.limits.supportPerAddress),
      });
      await user.register(businessRoutes, {
        business: services.business,
        portal: services.portal,
        secureCookies,
        sessionTtlMs: config.sessionTtlMs,
        siteUrl: config.siteUrl,
        paymentLimit: window(config.limits.paymentPerAddress),
        redeemLimit: window(config.limits.redeemPerUser),
      });
      await user.register(backOfficeBusinessRoutes, {
        backOffice: services.backOffice,
        portal: services.portal,
        siteUrl: config.siteUrl,
      });
    },
    { prefix: "/api/v1/user" },
  );
  // The business portal (BUSINESS-API.md): the buyer's admins manage their seats.
  await app.register(portalRoutes, {
    prefix: "/api/v1/business",
    portal: services.portal,
    siteUrl: config.siteUrl,
    secureCookies,
    sessionTtlMs: config.sessionTtlMs,
    linkLimit: window(config.limits.paymentPerAddress),
  });
  await app.register(stripeWebhookRoutes, {
    prefix: "/api/v1",
    business: services.business,
    stripe: services.stripe,
  });

  // The app API (docs/app-api.md): listeners' accounts, profile, catalogue, entitlement, hosts.
  await app.register(accountRoutes, {
    prefix: "/api/v1/auth",
    accounts: services.accounts,
    addressLimit: window(config.loginAttemptsPerAddress),
    secureCookies,
  });
  await app.register(
    async (appScope: App) => {
      await appScope.register(profileRoutes, { accounts: services.accounts });
      await appScope.register(catalogueRoutes, { catalogue: services.catalogue, stream: services.stream });
      await appScope.register(entitlementRoutes, {
        entitlement: services.entitlement,
        redeemLimit: window(config.limits.redeemPerUser),
      });
      await appScope.register(hostContentRoutes, { hostContent: services.hostContent, media, storage });
      await appScope.register(listeningRoutes, { listening: services.listening });
      await appScope.register(messagesRoutes, { messages: services.messages });
      await appScope.register(habitRoutes, { today: services.today, reminders: services.reminders });
      await appScope.register(seriesRoutes, { series: services.series });
      await appScope.register(appConfigRoutes, { appManagement: services.appManagement });
    },
    { prefix: "/api/v1/app" },
  );

  // With object storage the files are read from the bucket's public URL instead.
  if (!config.media.s3)
    await mediaFileRoutes(app, {
      dir: config.media.dir,
      secret: mediaSecret,
      media,
      accelRedirect: config.media.accelRedirect,
    });
  await app.register(webAppPlugin, {
    buildDir: config.webBuildDir,
    site: { supportEmail: config.supportEmail, ...config.site },
  });
  return app;
}
