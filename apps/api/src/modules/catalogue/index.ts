export { catalogueRoutes } from "./catalogue.routes.ts";
export { createCatalogueService } from "./catalogue.service.ts";
export { createStreamService, type StreamService } from "./stream.service.ts";
export { findInterestIds, listAppInterests, userInterestIds } from "./catalogue.repository.ts";
export {
  type SeriesSummary,
  toAppInterest,
  toAppResource,
  toAppResourceDetail,
  toAppSeries,
} from "./catalogue.presenter.ts";
export { findPublishedResource, type AppResourceRow } from "./catalogue.repository.ts";
