/** Contents: the catalogue's audio resources, their review and plays. */
export { resourceRoutes } from "./resources.routes.ts";
export {
  createResourcesService,
  purgeResourceIn,
  type ResourcesService,
  restoreResourceIn,
} from "./resources.service.ts";
export { countResources, deleteResource, insertResource, updateResource } from "./resources.repository.ts";
