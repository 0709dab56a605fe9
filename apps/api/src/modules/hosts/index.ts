/** Become-a-host requests and the list of hosts. */
export { hostRoutes } from "./hosts.routes.ts";
export { createHostsService, type HostsService } from "./hosts.service.ts";
