import { Button, Group, Menu, Paper, Stack, Text } from "@mantine/core";
import { type Mood, moods, type User } from "@serene/contract";
import { IconCheck, IconChevronDown } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { moodColors, moodLabels } from "../../../components/entities/mood-badge";
import { UserAvatar } from "../../../components/entities/user-avatar";
import { userName } from "../../../components/entities/user-name";
import { ApiError } from "../../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/query-keys";
import { updateUser } from "../api";
import { useUserDialogs } from "../actions";
import { UserActionsMenu } from "./user-actions-menu";

/**
 * The hosts: picture, username, last name, e-mail, a Mood button (the mood the host last chose in
 * the app) and the row menu. The spec's "percentage" is left out: nothing sets it (always 0%).
 */
export function HostList({ hosts }: { hosts: User[] }) {
  const { openEdit, openMessage, dialogs } = useUserDialogs();
  return (
    <>
      <Stack gap="xs" component="ul" m={0} p={0} aria-label="Hosts" style={{ listStyle: "none" }}>
        {hosts.map((host) => (
          <Paper key={host._id} component="li" withBorder radius="md" px="sm" py="xs">
            <Group gap="sm" wrap="nowrap" align="center">
              <UserAvatar user={host} size={44} />
              <Group gap="xs" style={{ flex: 1, minWidth: 0 }} justify="space-between">
                <Stack gap={0} miw={0} style={{ flex: "1 1 150px" }}>
                  <Text fw={700} size="sm" truncate>
                    {userName(host)}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {host.email}
                  </Text>
                </Stack>
                <Labelled label="Mood in the app">
                  <MoodButton host={host} />
                </Labelled>
              </Group>
              <UserActionsMenu user={host} onEdit={openEdit} onMessage={openMessage} />
            </Group>
          </Paper>
        ))}
      </Stack>
      {dialogs}
    </>
  );
}

/** The host's mood; choosing another one saves it (PUT /user/setting/:id). */
function MoodButton({ host }: { host: User }) {
  const refreshAfter = useRefreshAfter();
  const setMood = async (mood: Mood) => {
    try {
      const answer = await updateUser(host._id, { mood });
      notifySuccess(answer.message);
      await refreshAfter("user");
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      notifyFailure("The mood was not changed", error.message);
    }
  };
  return (
    <Menu position="bottom-end" width={160} withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          size="compact-sm"
          color={host.mood ? moodColors[host.mood] : "gray"}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-label={`Mood in the app of ${host.username}: ${host.mood ? moodLabels[host.mood] : "none"}`}
          miw={92}
        >
          {host.mood ? moodLabels[host.mood] : "Mood"}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Mood</Menu.Label>
        {moods.map((mood) => (
          <Menu.Item
            key={mood}
            onClick={() => mood !== host.mood && void setMood(mood)}
            rightSection={mood === host.mood ? <IconCheck size={14} aria-label="current" /> : undefined}
          >
            {moodLabels[mood]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A small visible caption above a control or figure (its accessible name says the same). */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" aria-hidden="true">
        {label}
      </Text>
      {children}
    </Stack>
  );
}
