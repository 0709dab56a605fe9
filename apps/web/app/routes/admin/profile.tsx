import { Center, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useMe } from "../../lib/shared-api";
import { LoadError } from "../../components/ui/load-error";
import { ProfileForm } from "../../features/auth/components/profile-form";
import { TwoFactorPanel } from "../../features/staff/components/two-factor-panel";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/profile";

const page: PageInfo = {
  title: "Profile",
  description: "Your administrator profile and two-factor sign-in.",
};

export const handle = page;

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Profile() {
  const me = useMe();
  return (
    <Stack gap="lg" maw={640}>
      <div>
        <Title order={2} fz="h3">
          Your profile
        </Title>
        <Text c="dimmed" size="sm">
          Your picture and name show in the top bar; your e-mail signs you in.
        </Text>
      </div>
      <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        {me.isPending ? (
          <Center py="xl">
            <Loader role="status" aria-label="Loading your profile" />
          </Center>
        ) : me.isError ? (
          <LoadError
            title="Your profile could not be loaded"
            error={me.error}
            onRetry={() => void me.refetch()}
          />
        ) : (
          <ProfileForm key={me.data._id} me={me.data} />
        )}
      </Paper>
      <Paper
        component="section"
        aria-labelledby="two-factor"
        withBorder
        radius="lg"
        p={{ base: "md", sm: "lg" }}
      >
        <Title order={2} fz="h3" id="two-factor" mb="xs">
          Two-factor sign-in
        </Title>
        <TwoFactorPanel />
      </Paper>
    </Stack>
  );
}
