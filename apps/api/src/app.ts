import { randomUUID } from "node:crypto";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyRequest, type FastifyServerOptions, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config/env.ts";
import type { Database } from "./db/client.ts";
import { AppError } from "./lib/errors.ts";
import { activityRoutes } from "./modules/activity/activity.routes.ts";
import { appManagementRoutes } from "./modules/app-management/app-management.routes.ts";
import { createAppManagementService } from "./modules/app-management/app-management.service.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { createAuthService } from "./modules/auth/auth.service.ts";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { hostRoutes } from "./modules/hosts/hosts.routes.ts";
import { createHostsService } from "./modules/hosts/hosts.service.ts";
import { interestRoutes } from "./modules/interests/interests.routes.ts";
import { createInterestsService } from "./modules/interests/interests.service.ts";
import { mediaFileRoutes, uploadRoutes } from "./modules/media/media.routes.ts";
import { createMedia } from "./modules/media/media.service.ts";
import { resourceRoutes } from "./modules/resources/resources.routes.ts";
import { createResourcesService } from "./modules/resources/resources.service.ts";
import { userRoutes } from "./modules/users/users.routes.ts";
import { createUsersService } from "./modules/users/users.service.ts";
import { registerAuthGuard } from "./plugins/auth-guard.ts";
import { handleFrameworkError, registerErrorHandler } from "./plugins/error-handler.ts";
import { registerOpenApi } from "./plugins/open-api.ts";
import type { App } from "./plugins/types.ts";
import { registerWebApp } from "./plugins/web-app.ts";
import { businessRoutes, stripeWebhookRoutes } from "./modules/business/business.routes.ts";
import { createBusinessService } from "./modules/business/business.service.ts";
import { createStripeGateway } from "./modules/business/stripe-gateway.ts";
import { createMailer } from "./modules/mail/mail.service.ts";
import { siteRoutes } from "./modules/site/site.routes.ts";
import { supportRoutes } from "./modules/support/support.routes.ts";
import { createSupportService } from "./modules/support/support.service.ts";
import { createScheduledJobs } from "./plugins/scheduled-jobs.ts";

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** pino options, or false for silence (tests). */
  logger?: FastifyServerOptions["logger"];
  /** Sees every route as it is registered (the route-guard test lists them). */
  onRoute?: (route: RouteOptions) => void;
}

const MINUTE = 60_000;

/** Pino settings: JSON lines, request id on each, credentials never written. */
export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
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
  };
}

/** Builds the whole app without listening: tests call it with their own database. */
export async function buildApp({ config, database, logger = false, onRoute }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: handleFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook("onRoute", onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", database.db);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.addHook("onClose", async () => {
    await database.close();
  });

  const { storage, media } = createMedia(config, app.log);
  app.decorateRequest("origin", {
    getter(this: FastifyRequest) {
      return `${this.protocol}://${this.host}`;
    },
  });
  app.decorateRequest("mediaUrl", {
    getter(this: FastifyRequest) {
      return (key: string | null) => (key ? storage.url(key, this.origin) : null);
    },
  });

  registerErrorHandler(app);
  const secureCookies = config.publicUrl?.startsWith("https://") ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // React Router's prerendered pages carry their hydration data in inline scripts.
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: secureCookies,
  });
  await app.register(cookie);
  await app.register(multipart);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        "rate_limited",
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });

  const auth = createAuthService(database.db, media, {
    sessionTtlMs: config.sessionTtlMs,
    accountFailures: { max: 5, windowMs: 15 * MINUTE },
  });
  registerAuthGuard(app, auth, { publicUrl: config.publicUrl });
  await registerOpenApi(app);

  await app.register(healthRoutes, { prefix: "/api", database });
  await app.register(authRoutes, {
    prefix: "/api/v1/auth",
    auth,
    secureCookies,
    addressLimit: { max: config.loginAttemptsPerAddress, timeWindow: 15 * MINUTE },
  });
  const mailer = createMailer(config.mail, app.log);
  await app.register(userRoutes, {
    prefix: "/api/v1/user",
    users: createUsersService({ db: database.db, media, mailer, supportEmail: config.supportEmail }),
  });
  await app.register(uploadRoutes, { prefix: "/api/v1/user", media, storage });
  await app.register(dashboardRoutes, { prefix: "/api/v1/user", db: database.db });
  await app.register(activityRoutes, { prefix: "/api/v1/user", db: database.db });
  await app.register(appManagementRoutes, {
    prefix: "/api/v1/user",
    db: database.db,
    appManagement: createAppManagementService(database.db, media),
  });
  await app.register(hostRoutes, { prefix: "/api/v1/user", hosts: createHostsService(database.db, media) });
  await app.register(interestRoutes, {
    prefix: "/api/v1/user",
    interests: createInterestsService(database.db, media),
  });
  await app.register(resourceRoutes, {
    prefix: "/api/v1/user",
    resources: createResourcesService(database.db, media),
  });

  // Website features: site settings, support, account deletion, the business purchase.
  const stripe = config.stripe ? createStripeGateway(config.stripe, app.log) : null;
  const support = createSupportService({
    db: database.db,
    media,
    mailer,
    supportEmail: config.supportEmail,
    log: app.log,
  });
  const business = createBusinessService({
    db: database.db,
    mailer,
    stripe,
    supportEmail: config.supportEmail,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  app.decorate("jobs", createScheduledJobs({ support, business, media, db: database.db, log: app.log }));
  // Runs before the database closes (onClose hooks run last-added first).
  app.addHook("onClose", async () => {
    await app.jobs.stop();
    await mailer.close();
  });
  await app.register(siteRoutes, { prefix: "/api/v1/user", config });
  await app.register(supportRoutes, {
    prefix: "/api/v1/user",
    support,
    addressLimit: { max: config.limits.supportPerAddress, timeWindow: 15 * MINUTE },
  });
  await app.register(businessRoutes, {
    prefix: "/api/v1/user",
    business,
    publicUrl: config.publicUrl,
    paymentLimit: { max: config.limits.paymentPerAddress, timeWindow: 15 * MINUTE },
    redeemLimit: { max: config.limits.redeemPerUser, timeWindow: 15 * MINUTE },
  });
  await app.register(stripeWebhookRoutes, { prefix: "/api/v1", business, stripe });

  // With object storage the files are read from the bucket's public URL instead.
  if (!config.media.s3) await mediaFileRoutes(app, { dir: config.media.dir });
  await registerWebApp(app, {
    buildDir: config.webBuildDir,
    site: { supportEmail: config.supportEmail, ...config.site },
  });
  return app;
}
