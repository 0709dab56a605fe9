// The API stores every uploaded image also as AVIF and WebP 320, 640 and 1280 px wide, named from
// the original (docs/app-api.md, "Images"): `…/media/image/<id>.png` -> `…/media/image/<id>.w640.webp`.
// Free of imports and closures: the early-reads script embeds `variantSrcSet`'s source.

/**
 * The `srcset` of an uploaded image's variants in one format, or null for a URL that is not an
 * uploaded image (it has no variants).
 */
export function variantSrcSet(src: string, format: "avif" | "webp"): string | null {
  const found = /^(.*\/media\/image\/[\w-]+)\.(?:png|gif|jpg)$/.exec(src);
  return found ? [320, 640, 1280].map((w) => `${found[1]}.w${w}.${format} ${w}w`).join(", ") : null;
}

/** How wide each kind of image shows (`sizes`), so the browser fetches the variant it needs. */
export const coverSizes = {
  /** The square cover of a content, a series, the player. */
  page: "(max-width: 600px) 90vw, 420px",
  /** A card of a rail or a results grid. */
  card: "(max-width: 600px) 45vw, 200px",
  /** A series card's picture. */
  series: "(max-width: 600px) 70vw, 280px",
  /** Today's pick beside its words. */
  today: "136px",
  /** A row's thumbnail. */
  thumb: "48px",
} as const;
