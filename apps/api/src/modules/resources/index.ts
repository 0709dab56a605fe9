/** Contents: the catalogue's audio resources, their review and plays. */
export { resourceRoutes } from "./resources.routes.ts";
export {
  createResourcesService,
  purgeResourceIn,
  type ResourcesService,
  restoreResourceIn,
} from "./resources.service.ts";
export {
  addSubmission,
  addToPlayCount,
  countResources,
  reviseSubmission,
  withdrawSubmission,
} from "./resources.repository.ts";
