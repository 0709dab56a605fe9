import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Cover variants: every uploaded image is also stored resized, as AVIF and WebP, at three widths
 * (never wider than the original), so a phone never downloads a 2,000-px cover. Their keys follow
 * one naming rule from the original's, which clients use to build `srcset` (docs/app-api.md):
 * `image/<id>.png` -> `image/<id>.w320.avif`, `image/<id>.w640.webp`, ... The original's URL in
 * the API stays as it was.
 */
export const IMAGE_VARIANT_WIDTHS = [320, 640, 1280] as const;
export const IMAGE_VARIANT_FORMATS = ["avif", "webp"] as const;
export type ImageVariantFormat = (typeof IMAGE_VARIANT_FORMATS)[number];

export const VARIANT_KEY_PATTERN = new RegExp(
  `^image/[A-Za-z0-9_-]{22}\\.w(?:${IMAGE_VARIANT_WIDTHS.join("|")})\\.(?:${IMAGE_VARIANT_FORMATS.join("|")})$`,
);

/** A stored file's key without its extension and variant suffix: what an original and its variants share. */
export const mediaStem = (key: string) => key.replace(/(\.w\d+)?\.[a-z0-9]+$/, "");

export const variantKey = (key: string, width: number, format: ImageVariantFormat) =>
  `${mediaStem(key)}.w${width}.${format}`;

/** The keys of an image's variants (none for audio). */
export const variantKeysOf = (key: string) =>
  key.startsWith("image/")
    ? IMAGE_VARIANT_WIDTHS.flatMap((width) => IMAGE_VARIANT_FORMATS.map((f) => variantKey(key, width, f)))
    : [];

export interface RenderedVariant {
  key: string;
  file: string;
  contentType: string;
}

/**
 * Renders an image file's variants into temporary files of `tempDir` (the first frame of an
 * animated GIF); on failure none is left. sharp is loaded with the first image, not at start-up.
 */
export async function renderImageVariants(
  source: string,
  key: string,
  tempDir: string,
  maxPixels: number,
): Promise<RenderedVariant[]> {
  const { default: sharp } = await import("sharp");
  const done: RenderedVariant[] = [];
  try {
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const resized = sharp(source, { limitInputPixels: maxPixels }).resize({
        width,
        withoutEnlargement: true,
      });
      for (const format of IMAGE_VARIANT_FORMATS) {
        const file = path.join(tempDir, `${randomBytes(12).toString("hex")}.part`);
        const encoder =
          format === "avif"
            ? resized.clone().avif({ quality: 55, effort: 2 })
            : resized.clone().webp({ quality: 78 });
        await encoder.toFile(file);
        done.push({ key: variantKey(key, width, format), file, contentType: `image/${format}` });
      }
    }
    return done;
  } catch (err) {
    await Promise.all(done.map((v) => fs.promises.rm(v.file, { force: true })));
    throw err;
  }
}
