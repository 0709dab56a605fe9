import { Grid } from "@mantine/core";
import { AppMessagePanel } from "../../features/app-management/components/app-message-panel";
import { AppVersionsPanel } from "../../features/app-management/components/app-versions-panel";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/app-management";

const page: PageInfo = {
  title: "Manage App",
  description: "The app-wide message and the Android and iOS app versions.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function AppManagement() {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <AppMessagePanel />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <AppVersionsPanel />
      </Grid.Col>
    </Grid>
  );
}
