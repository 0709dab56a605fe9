import { Grid } from "@mantine/core";
import { useMe } from "../../lib/shared-api";
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

/** An editor manages the app-wide message; the versions are an admin's. */
export default function AppManagement() {
  const isAdmin = useMe().data?.user_role === "admin";
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 6 }}>
        <AppMessagePanel />
      </Grid.Col>
      {isAdmin && (
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <AppVersionsPanel />
        </Grid.Col>
      )}
    </Grid>
  );
}
