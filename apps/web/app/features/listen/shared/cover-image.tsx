import { Image, type ImageProps } from "@mantine/core";
import { type ComponentPropsWithoutRef, useState } from "react";
import { coverSizes, variantSrcSet } from "./image-variants";

/**
 * An uploaded image (a cover, a series' picture) that lets the browser fetch the AVIF or WebP
 * variant the layout needs (`sizes`: how wide it shows), so a phone never downloads a 2,000-px
 * cover. An image stored before variants existed (its variant fails) falls back to the original.
 */
export function CoverImage({
  src,
  sizes,
  ...image
}: { src: string; sizes: keyof typeof coverSizes } & ImageProps &
  Omit<ComponentPropsWithoutRef<"img">, keyof ImageProps | "sizes">) {
  const [plain, setPlain] = useState(false);
  const sources = plain
    ? []
    : (["avif", "webp"] as const).flatMap((format) => {
        const srcSet = variantSrcSet(src, format);
        return srcSet ? [{ type: `image/${format}`, srcSet }] : [];
      });
  return (
    <picture style={{ display: "contents" }}>
      {/* No box of their own: with the <picture> taking none either, each <source> would otherwise be
          an empty flex item of a row, with the row's gap beside it (an empty margin left of a cover). */}
      {sources.map((s) => (
        <source
          key={s.type}
          type={s.type}
          srcSet={s.srcSet}
          sizes={coverSizes[sizes]}
          style={{ display: "none" }}
        />
      ))}
      <Image src={src} alt="" {...image} onError={sources.length ? () => setPlain(true) : undefined} />
    </picture>
  );
}
