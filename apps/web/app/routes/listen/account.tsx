import { Button, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { LoadError } from "../../components/ui/load-error";
import { PageHeading } from "../../features/listen/shared/page-heading";
import { useMe } from "../../features/listen/account/api";
import { moodLabels } from "../../features/listen/shared/format";
import { pageMeta } from "../../lib/meta";
import { StreakSwitch } from "../../features/listen/habit/streak-switch";
import { HostCard } from "../../features/listen/host/host-card";
import { SignOut } from "../../features/listen/account/sign-out";
import { VerifyNotice } from "../../features/listen/account/verify-notice";
import { SubscriptionCard } from "../../features/listen/account/subscription-card";
import { StorageCard } from "../../features/listen/account/storage-card";
import { DevicesCard } from "../../features/listen/account/devices-card";
import { DeleteAccount } from "../../features/listen/account/delete-account";

export const meta = () =>
  pageMeta({ title: "Account", description: "Your Serene account, subscription and devices." });

export default function Account() {
  const me = useMe();
  if (me.isError)
    return (
      <LoadError title="Could not load your account" error={me.error} onRetry={() => void me.refetch()} />
    );
  const profile = me.data;
  return (
    <Stack gap="lg">
      <PageHeading title="Account" intro={profile ? `${profile.username} · ${profile.email}` : undefined} />
      {profile && !profile.emailVerified && <VerifyNotice />}
      {/* Two columns from tablet width: what the listener has, then the devices and leaving. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="lg">
        <Stack gap="lg">
          <SubscriptionCard />
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} fz="h4" mb="xs">
              Mood and interests
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {profile?.mood ? `Mood: ${moodLabels[profile.mood].label}. ` : ""}
              {profile?.interests.length
                ? `Interests: ${profile.interests.map((i) => i.name).join(", ")}.`
                : "No interests chosen yet."}
            </Text>
            <Button component={Link} to="/listen/welcome" variant="light">
              Change
            </Button>
          </Card>
          <Card withBorder radius="lg" padding="lg">
            <Title order={2} fz="h4" mb="xs">
              Reminders
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              A gentle daily nudge, by notification or e-mail, at the time you choose.
            </Text>
            <Button component={Link} to="/listen/settings/reminders" variant="light">
              Set reminders
            </Button>
            <StreakSwitch />
          </Card>
          <StorageCard />
        </Stack>
        <Stack gap="lg">
          <HostCard isHost={profile?.user_role === "host"} />
          <DevicesCard />
          <SignOut />
          <DeleteAccount />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
