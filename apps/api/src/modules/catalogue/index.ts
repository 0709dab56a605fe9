export { catalogueRoutes } from "./catalogue.routes.ts";
export { createCatalogueService } from "./catalogue.service.ts";
export { createStreamService } from "./stream.service.ts";
export { findInterestIds, listAppInterests } from "./catalogue.repository.ts";
export { toAppInterest, toAppResourceDetail } from "./catalogue.presenter.ts";
