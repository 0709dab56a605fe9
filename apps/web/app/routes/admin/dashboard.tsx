import { Button, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconPlus, IconSpeakerphone } from "@tabler/icons-react";
import { useState } from "react";
import { useMe } from "../../lib/shared-api";
import { BroadcastModal } from "../../features/dashboard/components/broadcast-modal";
import { ResourcesPerInterestChart } from "../../features/dashboard/components/resources-per-interest-chart";
import { StatCards } from "../../features/dashboard/components/stat-cards";
import { TopResources } from "../../features/dashboard/components/top-resources";
import { UsersGainedChart } from "../../features/dashboard/components/users-gained-chart";
import { ContentModal } from "../../features/resources/components/content-modal";
import { PendingReviewCard } from "../../features/resources/components/pending-review-card";
import { RecentContent } from "../../features/resources/components/recent-content";
import { RecentSignups } from "../../features/users/components/recent-signups";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/dashboard";

const page: PageInfo = {
  title: "Dashboard",
  description: "Usage at a glance: uploaded resources, users, host requests and recent activity.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

/**
 * Every part asks for its own data as the page mounts, so all the dashboard's requests leave
 * together (one round, no waterfall) and each part shows as soon as its answer is in.
 */
export default function Dashboard() {
  const [dialog, setDialog] = useState<"content" | "broadcast" | null>(null);
  const close = () => setDialog(null);
  // An editor sees the catalogue's parts only (the server refuses them the rest).
  const isAdmin = useMe().data?.user_role === "admin";

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Text c="dimmed" visibleFrom="sm">
          {page.description}
        </Text>
        <Group gap="sm" ml="auto">
          <Button
            variant="default"
            leftSection={<IconSpeakerphone size={18} aria-hidden="true" />}
            onClick={() => setDialog("broadcast")}
          >
            Broadcast
          </Button>
          <Button
            leftSection={<IconPlus size={18} aria-hidden="true" />}
            onClick={() => setDialog("content")}
          >
            Create Content
          </Button>
        </Group>
      </Group>

      <PendingReviewCard />

      {isAdmin && <StatCards />}

      <Paper
        component="section"
        aria-labelledby="summary"
        withBorder
        radius="lg"
        p={{ base: "sm", sm: "md" }}
      >
        <Title order={2} fz="h4" id="summary" mb="md">
          Summary
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          {isAdmin && <UsersGainedChart />}
          <ResourcesPerInterestChart />
        </SimpleGrid>
      </Paper>

      {isAdmin && <RecentSignups />}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <RecentContent />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <TopResources />
        </Grid.Col>
      </Grid>

      <ContentModal opened={dialog === "content"} onClose={close} />
      <BroadcastModal opened={dialog === "broadcast"} onClose={close} />
    </Stack>
  );
}
