import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconDeviceDesktop, IconDeviceMobile } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { endOtherSessions, endSession } from "./api";
import type { AppSession } from "@serene/contract";
import { sayError } from "../shared/error-words";
import { useSessions } from "./api";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";
import { formatRelative } from "../../../lib/format";
import { notifyFailure } from "../../../lib/notify";

/** A phone app, or the web app in a phone's browser ("Chrome on Android"). */
const isPhone = (s: AppSession) =>
  s.platform === "android" || s.platform === "ios" || /\bon (Android|iOS)$/.test(s.deviceName ?? "");

export function DevicesCard() {
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
