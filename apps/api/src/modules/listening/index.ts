// The listening module's public face: other modules import only this file.
export { contentStatsRoutes, listeningRoutes } from "./listening.routes.ts";
export { createListeningService, type ListeningService, type StreamGrant } from "./listening.service.ts";
export { listeningPerListenerDay } from "./stats.repository.ts";
export { engagementOf } from "./engagement.repository.ts";
