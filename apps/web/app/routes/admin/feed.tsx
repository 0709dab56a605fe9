import { Stack, Text } from "@mantine/core";
import { ActivityFeed } from "../../features/activity/components/activity-feed";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/feed";

const page: PageInfo = {
  title: "Feed",
  description: "Recent activity: signups, uploads, purchases and requests.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Feed() {
  return (
    <Stack gap="md" maw={820}>
      <Text c="dimmed">{page.description}</Text>
      <ActivityFeed />
    </Stack>
  );
}
