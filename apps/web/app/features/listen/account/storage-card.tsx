import { Anchor, Button, Card, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useDownloads } from "../library/use-downloads";
import { formatBytes } from "../shared/format";

export function StorageCard() {
  const { list, bytes, clear } = useDownloads();
  const count = list.data?.length ?? 0;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="xs">
        Downloads on this device
      </Title>
      <Text mb="sm" data-testid="storage-used">
        {count === 0
          ? "Nothing downloaded."
          : `${count} ${count === 1 ? "item" : "items"}, ${formatBytes(bytes)}.`}{" "}
        <Anchor component={Link} to="/listen/library?tab=downloads" underline="always">
          See them
        </Anchor>
      </Text>
      <Button
        variant="light"
        color="red"
        disabled={count === 0}
        onClick={() => clear.mutate()}
        loading={clear.isPending}
      >
        Remove all downloads
      </Button>
    </Card>
  );
}
