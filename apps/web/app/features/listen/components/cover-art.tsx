import { AspectRatio, Box, Center, Image, Loader, type AspectRatioProps } from "@mantine/core";

/** A square cover (content, series, the player), or the accent's soft square when there is none. */
export function CoverArt({
  image,
  priority = false,
  ...frame
}: { image: string | null; priority?: boolean } & Omit<AspectRatioProps, "ratio" | "children">) {
  return (
    <AspectRatio ratio={1} mx="auto" {...frame}>
      {image ? (
        <Image src={image} alt="" radius="lg" fit="cover" fetchPriority={priority ? "high" : undefined} />
      ) : (
        <Box bg="var(--mantine-primary-color-light)" style={{ borderRadius: 16 }} />
      )}
    </AspectRatio>
  );
}

/** What a listener page shows while its first answer is on the way. */
export function PageLoading() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}
