import { Image, ThemeIcon } from "@mantine/core";
import type { Resource } from "@serene/contract";
import { IconPhotoOff } from "@tabler/icons-react";

/** A content's cover picture, or a placeholder when it has none. */
export function ContentCover({ resource }: { resource: Pick<Resource, "image"> }) {
  return resource.image ? (
    <Image src={resource.image} alt="" w={48} h={48} radius="md" fit="cover" style={{ flexShrink: 0 }} />
  ) : (
    <ThemeIcon variant="light" color="gray" size={48} radius="md" role="img" aria-label="No image">
      <IconPhotoOff size={20} aria-hidden="true" />
    </ThemeIcon>
  );
}
