import { AspectRatio, Badge, Box, Card, Group, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link } from "react-router";
import type { AppResource } from "@serene/contract";
import { formatDuration } from "../shared/format";
import { CoverImage } from "../shared/cover-image";

/** Covers of a first rail in view on a phone or a desktop as the page opens. */
const EAGER_COVERS = 4;

/**
 * A content in a list: cover, title, length and interest; a lock when it is paid and not unlocked.
 * Its name is what it shows. `eager` for the covers in view as the page opens.
 */
export function ResourceCard({
  resource,
  note,
  eager = false,
}: {
  resource: AppResource;
  note?: string;
  eager?: boolean;
}) {
  return (
    <Card
      component={Link}
      to={`/listen/content/${resource._id}`}
      padding="xs"
      radius="lg"
      withBorder
      className="listen-card"
    >
      <Card.Section>
        <AspectRatio ratio={1}>
          <Box pos="relative">
            {resource.image ? (
              <CoverImage
                src={resource.image}
                sizes="card"
                loading={eager ? "eager" : "lazy"}
                h="100%"
                fit="cover"
              />
            ) : (
              <Box h="100%" bg="var(--mantine-primary-color-light)" />
            )}
            {resource.locked && (
              <Badge
                pos="absolute"
                top={8}
                right={8}
                variant="default"
                leftSection={<IconLock size={12} aria-hidden="true" />}
              >
                Paid
              </Badge>
            )}
          </Box>
        </AspectRatio>
      </Card.Section>
      <Text fw={700} mt="xs" lineClamp={2} size="sm">
        {resource.title}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed" truncate>
          {note ?? [formatDuration(resource), resource.interest?.name].filter(Boolean).join(" · ")}
        </Text>
      </Group>
    </Card>
  );
}

interface ListProps {
  items: AppResource[];
  label: string;
  /** The first list of a page: its first covers load at once. */
  eager?: boolean;
}

function ResourceList({ items, label, eager = false, className }: ListProps & { className: string }) {
  return (
    <Box component="ul" className={className} aria-label={label}>
      {items.map((item, index) => (
        <li key={item._id}>
          <ResourceCard resource={item} eager={eager && index < EAGER_COVERS} />
        </li>
      ))}
    </Box>
  );
}

/** Cards side by side, scrolling sideways on a phone (a home section). */
export const ResourceRail = (props: ListProps) => <ResourceList {...props} className="listen-rail" />;

/** Cards in a grid: two across on a phone, more on wider screens. */
export const ResourceGrid = (props: ListProps) => <ResourceList {...props} className="listen-grid" />;
