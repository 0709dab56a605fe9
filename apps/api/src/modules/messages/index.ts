/** In-app messages to users (direct, broadcast, feedback). */
export { insertUserMessage } from "./messages.repository.ts";
