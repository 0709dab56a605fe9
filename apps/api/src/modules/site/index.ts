/** Runtime settings the public pages show. */
export { siteRoutes } from "./site.routes.ts";
