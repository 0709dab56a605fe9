import { AspectRatio, Badge, Box, Card, Group, Image, Text } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { Link } from "react-router";
import type { AppResource } from "../api/types";
import { formatDuration } from "../format";

/** A content in a list: cover, title, length and interest; a lock when it is paid and not unlocked. */
export function ResourceCard({ resource, note }: { resource: AppResource; note?: string }) {
  return (
    <Card
      component={Link}
      to={`/listen/content/${resource._id}`}
      padding="xs"
      radius="lg"
      withBorder
      className="listen-card"
      aria-label={`${resource.title}, ${formatDuration(resource)}${resource.locked ? ", locked" : ""}`}
    >
      <Card.Section>
        <AspectRatio ratio={1}>
          <Box pos="relative">
            {resource.image ? (
              <Image src={resource.image} alt="" loading="lazy" h="100%" fit="cover" />
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

/** Cards side by side, scrolling sideways on a phone (a home section). */
export function ResourceRail({ items, label }: { items: AppResource[]; label: string }) {
  return (
    <Box component="ul" className="listen-rail" aria-label={label}>
      {items.map((item) => (
        <li key={item._id}>
          <ResourceCard resource={item} />
        </li>
      ))}
    </Box>
  );
}

/** Cards in a grid: two across on a phone, more on wider screens. */
export function ResourceGrid({ items, label }: { items: AppResource[]; label: string }) {
  return (
    <Box component="ul" className="listen-grid" aria-label={label}>
      {items.map((item) => (
        <li key={item._id}>
          <ResourceCard resource={item} />
        </li>
      ))}
    </Box>
  );
}
