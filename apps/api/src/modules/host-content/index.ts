export { hostContentRoutes } from "./host-content.routes.ts";
export { createHostContentService } from "./host-content.service.ts";
