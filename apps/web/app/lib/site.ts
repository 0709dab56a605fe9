/**
 * Where the public site lives, for canonical and share (Open Graph) URLs, which must be absolute.
 * https://serene.example is the documented default; a deployment on another domain changes it here
 * and in public/sitemap.xml and public/robots.txt.
 */
export const SITE_ORIGIN = "https://serene.example";

export const SITE_NAME = "Serene";

/** The 1200×630 image shown when a page is shared (public/og-image.png). */
export const SHARE_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "Serene: a low sun over calm water, with the words Find your calm, one breath at a time.",
} as const;

/** An absolute URL on the public site. */
export function siteUrl(path: string): string {
  return new URL(path, SITE_ORIGIN).href;
}
