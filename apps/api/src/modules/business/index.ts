/**
 * Business purchases (Stripe or the test checkout), subscription codes and their redemption, and
 * the business portal (businesses, their admins, seats, invoices): this module owns their tables.
 */
export { businessRoutes, stripeWebhookRoutes } from "./business.routes.ts";
export {
  type BusinessService,
  createBusinessService,
  joinBusinessSeat,
  previewSubscriptionCode,
  redeemSubscriptionCode,
} from "./business.service.ts";
export { seatSourceOf } from "./business.repository.ts";
export { newSubscriptionCode } from "./codes.ts";
export { createStripeGateway } from "./stripe-gateway.ts";
export { backOfficeBusinessRoutes, portalRoutes } from "./portal.routes.ts";
export { createPortalService, freeSeatsOf, type PortalService } from "./portal.service.ts";
export { settlePaidPurchase } from "./invoices.ts";
