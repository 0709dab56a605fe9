/** Contents: the catalogue's audio resources, their review and plays. */
export { resourceRoutes } from "./resources.routes.ts";
export { createResourcesService, type ResourcesService } from "./resources.service.ts";
export { countResources, deleteResource, insertResource, updateResource } from "./resources.repository.ts";
