// The messages module's public face: other modules import only this file.
export { insertUserMessage } from "./messages.repository.ts";
export { messagesRoutes } from "./messages.routes.ts";
export { createMessagesService, type MessagesService } from "./messages.service.ts";
