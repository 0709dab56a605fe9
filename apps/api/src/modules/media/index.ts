/** Uploads, media storage (disk or S3) and serving. */
export { mediaFileRoutes, receiveUpload, uploadRoutes } from "./media.routes.ts";
export { type Attacher, createMedia, type MediaService } from "./media.service.ts";
export type { MediaKind, StoredMedia } from "./receive-file.ts";
export type { AudioFacts } from "./audio-analysis.ts";
export { type MediaStorage, mediaSignature, signedQuery, STREAM_URL_TTL_MS } from "./storage.ts";
