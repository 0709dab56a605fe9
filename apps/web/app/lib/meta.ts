import type { MetaDescriptor } from "react-router";

/** What every page declares about itself: its heading and a one-line summary. */
export interface PageInfo {
  title: string;
  description: string;
}

/** Document title ("… · Serene") and description for a route's `meta` export. */
export function pageMeta({ title, description }: PageInfo): MetaDescriptor[] {
  return [{ title: `${title} · Serene` }, { name: "description", content: description }];
}

/** Whether a route's `handle` is the PageInfo it declared (the back office reads titles from it). */
export function isPageInfo(handle: unknown): handle is PageInfo {
  return typeof handle === "object" && handle !== null && "title" in handle && "description" in handle;
}
