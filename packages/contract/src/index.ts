import "./zod-messages.ts";

export * from "./auth.ts";
export * from "./catalogue.ts";
export * from "./envelope.ts";
export * from "./errors.ts";
export * from "./media.ts";
export * from "./pagination.ts";
export * from "./routes.ts";
export * from "./users.ts";
