export * from "./activity.ts";
export * from "./business.ts";
export * from "./catalogue.ts";
export * from "./community.ts";
export * from "./enums.ts";
export * from "./support.ts";
export * from "./users.ts";
export * from "./accounts.ts";
