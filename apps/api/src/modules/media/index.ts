/** Uploads, media storage (disk or S3) and serving. */
export { mediaFileRoutes, receiveUpload, uploadRoutes } from "./media.routes.ts";
export {
  type Attacher,
  createMedia,
  type MediaKind,
  type MediaService,
  type StoredMedia,
} from "./media.service.ts";
export type { AudioFacts } from "./audio-analysis.ts";
export { type MediaStorage, mediaSignature, signedQuery, STREAM_URL_TTL_MS } from "./storage.ts";
