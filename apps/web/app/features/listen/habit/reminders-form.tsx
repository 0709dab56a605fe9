import { Button, Card, Chip, Group, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { IconBellRinging } from "@tabler/icons-react";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { putReminders, remindersQuery, sendTestPush } from "./api";
import type { Reminders } from "@serene/contract";
import { FormFailure } from "../shared/form-failure";
import { sayError } from "../shared/error-words";
import { pushSupported, pushUnavailable, subscribeToPush, unsubscribeFromPush } from "./web-push";
import { EmailConfirmationNote, type PushProblem, PushUnavailableNote } from "./reminder-notes";
import { useApiForm } from "../shared/use-api-form";
import { listenQueryClient } from "../shared/listen-query-client";
import { notifySuccess } from "../../../lib/notify";

/** ISO weekdays, Monday first. */
const WEEKDAYS = [
  { day: 1, short: "Mon", name: "Monday" },
  { day: 2, short: "Tue", name: "Tuesday" },
  { day: 3, short: "Wed", name: "Wednesday" },
  { day: 4, short: "Thu", name: "Thursday" },
  { day: 5, short: "Fri", name: "Friday" },
  { day: 6, short: "Sat", name: "Saturday" },
  { day: 7, short: "Sun", name: "Sunday" },
] as const;

export function RemindersForm({ saved }: { saved: Reminders }) {
  const [enabled, setEnabled] = useState(saved.enabled);
  const [time, setTime] = useState(saved.time);
  const [days, setDays] = useState<string[]>(saved.days.map(String));
  // Push is on for this browser only once it was allowed here: otherwise turning it on asks.
  const [push, setPush] = useState(
    saved.channels.push && pushSupported() && Notification.permission === "granted",
  );
  const [email, setEmail] = useState(saved.channels.email);
  const [pushBusy, setPushBusy] = useState(false);
  // Detected before anything is asked or saved: a private window, Safari outside the Home Screen, a refusal.
  const [pushProblem, setPushProblem] = useState<PushProblem | null>(pushUnavailable);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useApiForm({ setErrors, getValues: () => ({ time, days }) });

  /** The browser's permission is asked here, when the listener turns push on, and nowhere else. */
  const choosePush = async (on: boolean) => {
    setPushBusy(true);
    try {
      if (on) {
        const outcome = await subscribeToPush().catch(() => "failed" as const);
        if (outcome !== "subscribed") return setPushProblem(outcome);
      } else {
        await unsubscribeFromPush();
      }
      setPush(on);
    } finally {
      setPushBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    void form.run(async () => {
      // Push on, permission given: this browser's subscription is (re)sent, without asking anything.
      // Should it fail, the rest is saved all the same, and the page says why.
      let pushOn = push;
      if (enabled && push && pushSupported() && Notification.permission === "granted") {
        const outcome = await subscribeToPush().catch(() => "failed" as const);
        if (outcome !== "subscribed") {
          pushOn = false;
          setPush(false);
          setPushProblem(outcome);
        }
      }
      const answer = await putReminders({
        enabled,
        time,
        days: days.map(Number).sort(),
        channels: { push: pushOn, email },
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      listenQueryClient.setQueryData(remindersQuery.queryKey, answer);
      notifySuccess(answer.data.enabled ? "Reminders saved" : "Reminders are off");
    });
  };

  const test = useMutation({ mutationFn: sendTestPush });

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Switch
              size="md"
              label="Remind me to take a calm moment"
              checked={enabled}
              onChange={(event) => setEnabled(event.currentTarget.checked)}
            />
            <TextInput
              type="time"
              label="Time"
              description={`Your local time (${Intl.DateTimeFormat().resolvedOptions().timeZone})`}
              value={time}
              onChange={(event) => setTime(event.currentTarget.value)}
              error={errors.time}
              disabled={!enabled}
              required
              maw={200}
            />
            <div role="group" aria-labelledby="reminder-days">
              <Text fw={500} size="sm" id="reminder-days" mb={6}>
                Days
              </Text>
              <Chip.Group multiple value={days} onChange={setDays}>
                <Group gap={6}>
                  {WEEKDAYS.map(({ day, short, name }) => (
                    <Chip key={day} value={String(day)} disabled={!enabled} aria-label={name}>
                      {short}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {(errors.days || (enabled && days.length === 0)) && (
                <Text size="sm" c="red" mt={4}>
                  {errors.days ?? "Choose at least one day, or turn reminders off."}
                </Text>
              )}
            </div>
          </Stack>
        </Card>

        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="h4" mb="sm">
            How
          </Title>
          <Stack gap="md">
            <Switch
              size="md"
              label="A notification on this device"
              description="Your browser asks for permission when you turn this on."
              checked={push}
              disabled={pushBusy || pushProblem === "unsupported"}
              onChange={(event) => void choosePush(event.currentTarget.checked)}
            />
            {pushProblem && (
              <PushUnavailableNote reason={pushProblem} emailOn={email} onUseEmail={() => setEmail(true)} />
            )}
            <Switch
              size="md"
              label="An e-mail"
              description="Only when no notification could reach you; each one has a link to stop them."
              checked={email}
              onChange={(event) => setEmail(event.currentTarget.checked)}
            />
            {email && <EmailConfirmationNote />}
            {push && (
              <Group gap="sm">
                <Button
                  variant="light"
                  leftSection={<IconBellRinging size={16} aria-hidden="true" />}
                  onClick={() => test.mutate()}
                  loading={test.isPending}
                >
                  Send a test
                </Button>
                <Text size="sm" role="status">
                  {test.isError
                    ? sayError(test.error)
                    : test.data
                      ? test.data.data.sent > 0
                        ? `Sent to ${test.data.data.sent} ${test.data.data.sent === 1 ? "device" : "devices"}.`
                        : "No device could be reached. Turn notifications off and on again."
                      : ""}
                </Text>
              </Group>
            )}
          </Stack>
        </Card>

        <FormFailure message={form.failure} />
        <Group>
          <Button type="submit" loading={form.busy} disabled={enabled && days.length === 0}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
