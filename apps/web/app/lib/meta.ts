import type { MetaDescriptor } from "react-router";
import { SHARE_IMAGE, SITE_NAME, siteUrl } from "./site";

/** What every page declares about itself: its heading and a one-line summary. */
export interface PageInfo {
  title: string;
  description: string;
}

/** Document title ("… · Serene") and description for a route's `meta` export. */
export function pageMeta({ title, description }: PageInfo): MetaDescriptor[] {
  return [{ title: `${title} · Serene` }, { name: "description", content: description }];
}

/**
 * A public page's meta: title and description, its canonical URL, and the Open Graph and card
 * tags that make a shared link show a title, summary and picture. `noindex` keeps a page out of
 * search results (the 404 page, checkout).
 */
export function publicPageMeta(
  page: PageInfo,
  path: string,
  { type = "website", noindex = false }: { type?: "website" | "article"; noindex?: boolean } = {},
): MetaDescriptor[] {
  const url = siteUrl(path);
  const image = siteUrl(SHARE_IMAGE.path);
  return [
    ...pageMeta(page),
    // A page kept out of search results names no canonical address.
    ...(noindex ? [] : [{ tagName: "link", rel: "canonical", href: url }]),
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: type },
    { property: "og:url", content: url },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SHARE_IMAGE.width) },
    { property: "og:image:height", content: String(SHARE_IMAGE.height) },
    { property: "og:image:alt", content: SHARE_IMAGE.alt },
    { name: "twitter:card", content: "summary_large_image" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/** Whether a route's `handle` is the PageInfo it declared (the back office reads titles from it). */
export function isPageInfo(handle: unknown): handle is PageInfo {
  return typeof handle === "object" && handle !== null && "title" in handle && "description" in handle;
}
