// The series module's public face: other modules import only this file.
export { seriesAdminRoutes, seriesRoutes } from "./series.routes.ts";
export { createSeriesService, type SeriesService } from "./series.service.ts";
