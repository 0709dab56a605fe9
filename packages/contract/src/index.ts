import "./zod-messages.ts";

export * from "./auth.ts";
export * from "./business.ts";
export * from "./catalogue.ts";
export * from "./common.ts";
export * from "./envelope.ts";
export * from "./errors.ts";
export * from "./activity.ts";
export * from "./app-management.ts";
export * from "./dashboard.ts";
export * from "./hosts.ts";
export * from "./media.ts";
export * from "./pagination.ts";
export * from "./purchases.ts";
export * from "./routes.ts";
export * from "./site.ts";
export * from "./support.ts";
export * from "./users.ts";
