/**
 * Business purchases (Stripe or the test checkout), subscription codes and their redemption, and
 * the business portal (businesses, their admins, seats, invoices): this module owns their tables.
 * Its parts: `purchases/` (checkout, payment, codes, redemption), `portal/` (sessions, seats,
 * invitations, admins, billing and invoices, report, eligibility), `reminders/` (expiry e-mails)
 * and `back-office/` (the back office's businesses).
 */
export { businessRoutes } from "./purchases/purchases.routes.ts";
export { stripeWebhookRoutes } from "./purchases/stripe-webhook.routes.ts";
export { type BusinessService, createBusinessService } from "./purchases/purchases.service.ts";
export { joinBusinessSeat, previewSubscriptionCode, redeemSubscriptionCode } from "./purchases/redeem.ts";
export { seatSourceOf } from "./purchases/codes.repository.ts";
export { newSubscriptionCode } from "./codes.ts";
export { createStripeGateway } from "./purchases/stripe-gateway.ts";
export { portalRoutes } from "./portal/portal.routes.ts";
export { backOfficeBusinessRoutes } from "./back-office/back-office.routes.ts";
export { createBackOffice } from "./back-office/back-office.service.ts";
export { createExpiryReminders, type ExpiryReminders } from "./reminders/reminders.service.ts";
export { createPortalService, type PortalService } from "./portal/portal.service.ts";
export type { PortalServiceDeps } from "./portal/portal-core.ts";
export { freeSeatsOf } from "./portal/seats.service.ts";
export { settlePaidPurchase } from "./purchases/settlement.ts";
