/** Interests (the catalogue's topics). */
export { interestRoutes } from "./interests.routes.ts";
export { createInterestsService, type InterestsService } from "./interests.service.ts";
export { findInterest } from "./interests.repository.ts";
