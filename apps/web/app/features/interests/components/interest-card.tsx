import { Badge, Card, Group, Image, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import type { Interest } from "@serene/contract";
import { IconCategory } from "@tabler/icons-react";
import { EditDeleteButtons } from "../../../components/ui/edit-delete-buttons";

interface InterestCardProps {
  interest: Interest;
  onEdit: (interest: Interest) => void;
  onDelete: (interest: Interest) => void;
}

/** One interest: its icon, name, position and how many contents it holds, with Edit and Delete. */
export function InterestCard({ interest, onEdit, onDelete }: InterestCardProps) {
  const count = interest.resourceCount;
  return (
    <Card component="article" withBorder radius="lg" padding="md">
      <Group wrap="nowrap" align="flex-start" gap="md">
        {interest.icon ? (
          <Image src={interest.icon} alt="" w={64} h={64} radius="md" fit="cover" style={{ flexShrink: 0 }} />
        ) : (
          <ThemeIcon variant="light" size={64} radius="md">
            <IconCategory size={28} aria-hidden="true" />
          </ThemeIcon>
        )}
        <Stack gap={6} miw={0} align="flex-start">
          <Title order={3} fz="lg" lineClamp={2} style={{ overflowWrap: "anywhere" }}>
            {interest.name}
          </Title>
          <Text size="sm" c="dimmed">
            Position {interest.position}
          </Text>
          <Badge variant="light" color={count ? "serene" : "gray"} radius="sm">
            {count === 1 ? "1 content" : `${count.toLocaleString("en-US")} contents`}
          </Badge>
        </Stack>
      </Group>
      <EditDeleteButtons
        mt="md"
        name={interest.name}
        onEdit={() => onEdit(interest)}
        onDelete={() => onDelete(interest)}
      />
    </Card>
  );
}
