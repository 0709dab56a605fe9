/** Uploads, media storage (disk or S3) and serving. */
export { mediaFileRoutes, uploadRoutes } from "./media.routes.ts";
export { createMedia, type MediaService, type StoredMedia } from "./media.service.ts";
export { signedQuery } from "./storage.ts";
