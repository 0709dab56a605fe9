export * from "./schemas.ts";
export * from "./endpoint.ts";
export * from "./endpoints/index.ts";
export * from "./webvtt.ts";
