import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router";
import { LoadError } from "../../components/ui/load-error";
import {
  deleteMe,
  endOtherSessions,
  endSession,
  logout,
  resendVerification,
} from "../../features/listen/account/api";
import type { AppSession } from "@serene/contract";
import { sayError } from "../../features/listen/shared/error-words";
import { FormFailure } from "../../features/listen/shared/form-failure";
import { PageHeading } from "../../features/listen/shared/page-heading";
import { useEntitlement, useMe, useSessions } from "../../features/listen/account/api";
import { useApiForm } from "../../features/listen/shared/use-api-form";
import { useDownloads } from "../../features/listen/library/use-downloads";
import { formatBytes, formatLongDate, moodLabels } from "../../features/listen/shared/format";
import { listenKeys, listenQueryClient } from "../../features/listen/shared/listen-query-client";
import { clearDownloads } from "../../features/listen/library/downloads";
import { player } from "../../features/listen/player/player-engine";
import { formatRelative } from "../../lib/format";
import { pageMeta } from "../../lib/meta";
import { StreakSwitch } from "../../features/listen/habit/streak-switch";
import { HostCard } from "../../features/listen/host/host-card";
import { notifyFailure, notifySuccess } from "../../lib/notify";

export const meta = () =>
  pageMeta({ title: "Account", description: "Your Serene account, subscription and devices." });

/** Leaves the app signed out: nothing of this listener stays on the device. */
async function leave() {
  await player.close();
  await clearDownloads();
  listenQueryClient.clear();
  window.location.replace("/listen/signin");
}

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

/** Signing out asks first: what is downloaded on this device goes with it. */
function SignOut() {
  const [opened, { open, close }] = useDisclosure(false);
  const signOut = useMutation({ mutationFn: logout, onSettled: leave });
  const { list, bytes } = useDownloads();
  const count = list.data?.length ?? 0;
  return (
    <Group>
      <Button variant="default" leftSection={<IconLogout size={18} aria-hidden="true" />} onClick={open}>
        Sign out
      </Button>
      <Modal opened={opened} onClose={close} title="Sign out?" closeButtonProps={{ "aria-label": "Close" }}>
        <Stack gap="md">
          <Text size="sm">
            {count > 0
              ? `The ${count === 1 ? "download" : `${count} downloads`} on this device (${formatBytes(bytes)}) will be removed. You can download again after signing in.`
              : "Downloads on this device are removed when you sign out. You can sign in again at any time."}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              Cancel
            </Button>
            <Button onClick={() => signOut.mutate()} loading={signOut.isPending}>
              Sign out
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

function VerifyNotice() {
  const resend = useMutation({
    mutationFn: resendVerification,
    onSuccess: () => notifySuccess("We sent you a new link."),
    onError: (error) => notifyFailure("Could not send the link", sayError(error)),
  });
  return (
    <Card withBorder radius="lg" padding="lg">
      <Text mb="xs">Please verify your e-mail address: open the link we sent you.</Text>
      <Button variant="light" size="xs" onClick={() => resend.mutate()} loading={resend.isPending}>
        Send the link again
      </Button>
    </Card>
  );
}

function SubscriptionCard() {
  const entitlement = useEntitlement();
  const e = entitlement.data;
  return (
    <Card withBorder radius="lg" padding="lg" aria-labelledby="subscription-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4" id="subscription-title">
          Subscription
        </Title>
        {e && (
          <Badge variant="light" color={e.paid ? "teal" : "gray"}>
            {e.paid ? "Active" : "Free plan"}
          </Badge>
        )}
      </Group>
      {entitlement.isError && <Text c="dimmed">{sayError(entitlement.error)}</Text>}
      {e?.paid && e.paidUntil ? (
        <Stack gap={6}>
          <Text data-testid="entitlement">
            Paid library until <strong>{formatLongDate(e.paidUntil)}</strong>: {e.daysLeft}{" "}
            {e.daysLeft === 1 ? "day" : "days"} left.
          </Text>
          {e.source && (
            <Text size="sm" c="dimmed">
              Thanks to {e.source.businessName}.
            </Text>
          )}
          <Progress value={Math.min(100, (e.daysLeft / 365) * 100)} aria-label="Days left" size="sm" />
        </Stack>
      ) : (
        e && <Text>You listen to the free library. A code from your employer unlocks everything.</Text>
      )}
      <Group mt="md">
        <Button component={Link} to="/listen/redeem" variant="light">
          Redeem a code
        </Button>
        <Button component={Link} to="/listen/account/employer" variant="subtle">
          What your employer sees
        </Button>
      </Group>
    </Card>
  );
}

function StorageCard() {
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

/** A phone app, or the web app in a phone's browser ("Chrome on Android"). */
const isPhone = (s: AppSession) =>
  s.platform === "android" || s.platform === "ios" || /\bon (Android|iOS)$/.test(s.deviceName ?? "");

function DevicesCard() {
  const sessions = useSessions();
  const refresh = () => listenQueryClient.invalidateQueries({ queryKey: listenKeys.sessions });
  const end = useMutation({
    mutationFn: endSession,
    onSettled: refresh,
    onError: (e) => notifyFailure("Could not sign out the device", sayError(e)),
  });
  const endOthers = useMutation({ mutationFn: endOtherSessions, onSettled: refresh });
  const others = (sessions.data ?? []).filter((s) => !s.current).length;
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="xs">
        Devices
      </Title>
      {sessions.isError && <Text c="dimmed">{sayError(sessions.error)}</Text>}
      <Stack gap="xs" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {(sessions.data ?? []).map((s) => (
          <Group component="li" key={s._id} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              {isPhone(s) ? (
                <IconDeviceMobile aria-hidden="true" />
              ) : (
                <IconDeviceDesktop aria-hidden="true" />
              )}
              <div style={{ minWidth: 0 }}>
                <Text fw={700} size="sm" truncate>
                  {s.deviceName ??
                    (s.platform ? `${s.platform[0]?.toUpperCase()}${s.platform.slice(1)} app` : "Browser")}
                  {s.current && (
                    <Badge size="xs" ml={6} variant="light">
                      This device
                    </Badge>
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  Last active {formatRelative(s.lastSeenAt)}
                </Text>
              </div>
            </Group>
            {!s.current && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => end.mutate(s._id)}
                loading={end.isPending && end.variables === s._id}
              >
                Sign out
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      {others > 0 && (
        <Button
          mt="sm"
          size="xs"
          variant="light"
          onClick={() => endOthers.mutate()}
          loading={endOthers.isPending}
        >
          Sign out all other devices
        </Button>
      )}
    </Card>
  );
}

function DeleteAccount() {
  const [opened, { open, close }] = useDisclosure(false);
  const form = useForm({
    initialValues: { password: "" },
    validate: { password: (v) => (v ? null : "Please enter your password") },
  });
  const { busy, failure, run } = useApiForm(form);
  const submit = form.onSubmit((values) =>
    run(async () => {
      await deleteMe(values.password);
      await leave();
    }),
  );
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="h4" mb="xs">
        Delete your account
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Your account, listening history and favourites are deleted at once. This cannot be undone.
      </Text>
      <Button color="red" variant="light" onClick={open}>
        Delete my account
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Delete your account?"
        closeButtonProps={{ "aria-label": "Close" }}
      >
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm">Enter your password to confirm. Everything is deleted now.</Text>
            <FormFailure message={failure} />
            <PasswordInput
              {...form.getInputProps("password")}
              label="Password"
              autoComplete="current-password"
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" color="red.9" loading={busy}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
