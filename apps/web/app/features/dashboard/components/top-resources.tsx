import { Center, Group, Loader, Stack, Text } from "@mantine/core";
import { ContentCover } from "../../../components/entities/content-cover";
import { PaymentBadge } from "../../../components/entities/payment-badge";
import { DashboardPanel } from "../../../components/ui/dashboard-panel";
import { LoadError } from "../../../components/ui/load-error";
import { plural } from "../../../lib/format";
import { useTopResources } from "../api";

/** Top Resources: the most played contents, numbered, with payment type and plays. */
export function TopResources() {
  const top = useTopResources();
  return (
    <DashboardPanel title="Top Resources">
      {top.isPending ? (
        <Center py="lg">
          <Loader role="status" aria-label="Loading top resources" />
        </Center>
      ) : top.isError ? (
        <LoadError
          title="Top resources could not be loaded"
          error={top.error}
          onRetry={() => void top.refetch()}
        />
      ) : top.data.length === 0 ? (
        <Text c="dimmed" size="sm" py="md" ta="center">
          Nothing has been played yet.
        </Text>
      ) : (
        <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: "none" }}>
          {top.data.map((resource, index) => (
            <Group key={resource._id} component="li" gap="sm" wrap="nowrap">
              <Text
                fw={800}
                c="dimmed"
                w={24}
                ta="right"
                style={{ flexShrink: 0, fontVariantNumeric: "tabular-nums" }}
                aria-hidden="true"
              >
                {index + 1}
              </Text>
              <ContentCover resource={resource} />
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Text fw={700} size="sm" truncate>
                  {resource.title}
                </Text>
                <Group gap={6}>
                  <PaymentBadge paymentType={resource.paymentType} />
                  <Text size="xs" c="dimmed" style={{ fontVariantNumeric: "tabular-nums" }}>
                    {plural(resource.no_plays, "play")}
                  </Text>
                </Group>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </DashboardPanel>
  );
}
