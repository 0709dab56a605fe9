/** In-app messages to users (direct, broadcast, feedback) and the listener's inbox. */
export { insertUserMessage } from "./messages.repository.ts";
export { messagesRoutes } from "./messages.routes.ts";
export { createMessagesService, type MessagesService } from "./messages.service.ts";
