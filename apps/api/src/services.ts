import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config/env.ts";
import type { ChangeNotices } from "./db/change-notices.ts";
import type { Db } from "./db/client.ts";
import { createScheduledJobs } from "./jobs.ts";
import { createAccountsService } from "./modules/accounts/index.ts";
import { createActivityService } from "./modules/activity/index.ts";
import { createAppManagementService } from "./modules/app-management/index.ts";
import { createAuthService, deleteUserSessions } from "./modules/auth/index.ts";
import {
  createBusinessService,
  createBackOffice,
  createExpiryReminders,
  createPortalService,
  createStripeGateway,
  freeSeatsOf,
  type PortalServiceDeps,
} from "./modules/business/index.ts";
import { createCatalogueService, createStreamService } from "./modules/catalogue/index.ts";
import { createDashboardService } from "./modules/dashboard/index.ts";
import { createEntitlementService } from "./modules/entitlement/index.ts";
import { createRemindersService, createTodayService } from "./modules/habit/index.ts";
import { createHostContentService } from "./modules/host-content/index.ts";
import { createHostsService } from "./modules/hosts/index.ts";
import { createInterestsService } from "./modules/interests/index.ts";
import { createListeningService, engagementOf } from "./modules/listening/index.ts";
import { createMailer } from "./modules/mail/index.ts";
import { createMedia } from "./modules/media/index.ts";
import { createMessagesService } from "./modules/messages/index.ts";
import { createResourcesService } from "./modules/resources/index.ts";
import { createSeriesService } from "./modules/series/index.ts";
import { createStaffService } from "./modules/staff/index.ts";
import { createSupportService, markUserRequestsExecuted } from "./modules/support/index.ts";
import { createTrashService } from "./modules/trash/index.ts";
import { createUsersService, whenAccountDeleted, whenAccountTrashed } from "./modules/users/index.ts";

const MINUTE = 60_000;

/** Every service of the app, each created once with what it depends on. */
/**
 * `changes`: the database's change notices (what a service keeps in memory is forgotten on one);
 * `now` is the clock of the listening rules (tests move it).
 */
export function createServices(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  changes: ChangeNotices,
  now: () => Date = () => new Date(),
) {
  // As an account goes, the modules keeping something of it act in its transaction.
  whenAccountDeleted(freeSeatsOf);
  whenAccountDeleted(markUserRequestsExecuted);
  whenAccountTrashed(deleteUserSessions);
  const { storage, secret: mediaSecret, media } = createMedia(config, db, log);
  const mailer = createMailer(config.mail, log);
  const stripe = config.stripe ? createStripeGateway(config.stripe, log) : null;
  const { supportEmail, siteUrl } = config;
  const support = createSupportService({ db, media, mailer, supportEmail, siteUrl, log });
  const { name, address, taxId, email } = config.seller;
  const invoicing = { seller: { name, address, taxId, email }, taxRatePercent: config.taxRatePercent };
  const business = createBusinessService({ db, mailer, stripe, supportEmail, siteUrl, log, invoicing });
  const auth = createAuthService(db, media, {
    sessionTtlMs: config.sessionTtlMs,
    accountFailures: { max: config.loginFailures.perAccountAndAddress, windowMs: 15 * MINUTE },
    accountCeiling: { max: config.loginFailures.perAccountHourly, windowMs: 60 * MINUTE },
    addressFailures: { max: config.loginAttemptsPerAddress, windowMs: 15 * MINUTE },
    changes,
  });
  const accounts = createAccountsService({ db, auth, media, mailer, supportEmail, siteUrl, log });
  const portalDeps: PortalServiceDeps = {
    db,
    mailer,
    supportEmail,
    siteUrl,
    sessionTtlMs: config.sessionTtlMs,
    checkout: business.startCheckout,
    checkoutBuyer: business.checkoutBuyer,
    seller: invoicing.seller,
    engagement: (stretches) => engagementOf(db, stretches),
    now,
    log,
    changes,
  };
  const portal = createPortalService(portalDeps);
  const stream = createStreamService(db, storage);
  const series = createSeriesService(db, media);
  const listening = createListeningService({ db, now, stream, nextInSeries: series.nextOfSeriesHolding });
  const today = createTodayService({ db, now, listening });
  const trash = createTrashService({ db, media, now });
  const reminders = createRemindersService({ db, now, push: config.push, mailer, siteUrl, log });
  const resources = createResourcesService(db, media, { mailer, supportEmail, siteUrl });
  return {
    storage,
    mediaSecret,
    media,
    mailer,
    stripe,
    auth,
    accounts,
    catalogue: createCatalogueService(db, {
      continueListening: listening.continueRows,
      todayPick: async (userId) => (await today.today(userId)).pick,
      seriesShelf: series.home,
    }),
    series,
    today,
    reminders,
    stream,
    listening,
    messages: createMessagesService(db),
    entitlement: createEntitlementService(db),
    hostContent: createHostContentService(db, media, { contentStatsOf: listening.contentStatsOf }),
    users: createUsersService({ db, media, mailer, supportEmail, invite: accounts.invite }),
    staff: createStaffService({ db, invite: accounts.invite }),
    activity: createActivityService(db),
    dashboard: createDashboardService(db, now),
    appManagement: createAppManagementService(db, media, changes),
    hosts: createHostsService(db, media),
    interests: createInterestsService(db, media),
    resources,
    support,
    business,
    portal,
    backOffice: createBackOffice(portalDeps),
    trash,
    jobs: createScheduledJobs({
      support,
      trash,
      business,
      portal,
      expiryReminders: createExpiryReminders(portalDeps),
      media,
      resources,
      listening,
      reminders,
      db,
      log,
      intervalMs: config.jobIntervalMs,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
