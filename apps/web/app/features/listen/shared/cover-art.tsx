import { AspectRatio, Box, Center, Loader, type AspectRatioProps } from "@mantine/core";
import { OfflineNotice, useOnline } from "./online";
import { CoverImage } from "./cover-image";

/** A square cover (content, series, the player), or the accent's soft square when there is none. */
export function CoverArt({
  image,
  priority = false,
  ...frame
}: { image: string | null; priority?: boolean } & Omit<AspectRatioProps, "ratio" | "children">) {
  return (
    <AspectRatio ratio={1} mx="auto" {...frame}>
      {image ? (
        <CoverImage
          src={image}
          sizes="page"
          radius="lg"
          fit="cover"
          fetchPriority={priority ? "high" : undefined}
          // The frame's square reaches the image itself: its <picture> takes no box.
          style={{ aspectRatio: "1" }}
        />
      ) : (
        <Box bg="var(--mantine-primary-color-light)" style={{ borderRadius: 16 }} />
      )}
    </AspectRatio>
  );
}

/**
 * What a listener page (or a part of one) shows while its first answer is on the way; offline,
 * where that answer waits for the network, the offline notice instead of a spinner. `page` when it
 * stands for the whole page (which then has no other heading).
 */
export function PageLoading({ label = "Loading", page = false }: { label?: string; page?: boolean }) {
  const online = useOnline();
  if (!online) return <OfflineNotice page={page} />;
  return (
    <Center py="xl">
      <Loader aria-label={label} />
    </Center>
  );
}
