/** Business purchases (Stripe or the test checkout), subscription codes and their redemption. */
export { businessRoutes, stripeWebhookRoutes } from "./business.routes.ts";
export {
  type BusinessService,
  createBusinessService,
  previewSubscriptionCode,
  redeemSubscriptionCode,
} from "./business.service.ts";
export { newSubscriptionCode } from "./codes.ts";
export { createStripeGateway } from "./stripe-gateway.ts";
