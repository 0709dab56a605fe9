/** Contents: the catalogue's audio resources, their review and plays. */
export { loudnessOf } from "./resources.presenter.ts";
export { transcriptColumns, transcriptOf } from "./transcript.ts";
export { reviewHistory } from "./review-history.ts";
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
  measuredColumns,
  reviseSubmission,
  withdrawSubmission,
} from "./resources.repository.ts";
