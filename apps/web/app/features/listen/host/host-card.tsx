import { Badge, Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { HostRequest } from "@serene/contract";
import { useState } from "react";
import { Link } from "react-router";
import { FormFailure } from "../shared/form-failure";
import { formatLongDate } from "../shared/format";
import { useApiForm } from "../shared/use-api-form";
import { listenKeys, listenQueryClient } from "../shared/listen-query-client";
import { askToHost, useOwnHostRequest } from "./api";

/** The request's state in words: asked, approved, declined. */
const requestStates = {
  pending: { label: "Asked", color: "blue" },
  approved: { label: "Approved", color: "teal" },
  declined: { label: "Declined", color: "red" },
} as const;

/**
 * "Become a host" on the account page: the request with its form, then its state (asked,
 * approved, declined with the reason); a host finds their content and the upload here.
 */
export function HostCard({ isHost }: { isHost: boolean }) {
  const request = useOwnHostRequest();
  const [asking, setAsking] = useState(false);
  const own = request.data ?? null;
  const host = isHost || own?.state === "approved";
  return (
    <Card withBorder radius="lg" padding="lg" aria-labelledby="host-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="h4" id="host-title">
          {host ? "Your content" : "Become a host"}
        </Title>
        {own && (
          <Badge variant="light" color={requestStates[own.state].color} data-testid="host-request-state">
            {requestStates[own.state].label}
          </Badge>
        )}
      </Group>
      {host ? (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            You are a host: upload your own meditations; each is published once we have reviewed it.
          </Text>
          <Group>
            <Button component={Link} to="/listen/host" variant="light">
              My content
            </Button>
            <Button component={Link} to="/listen/host/new" variant="subtle">
              Upload
            </Button>
          </Group>
        </>
      ) : asking ? (
        <HostRequestForm onDone={() => setAsking(false)} />
      ) : (
        <>
          {own ? (
            <RequestState request={own} />
          ) : (
            <Text size="sm" c="dimmed" mb="sm">
              Guide others with your own meditations. Tell us about yourself; we read every request.
            </Text>
          )}
          {own?.state !== "pending" && (
            <Button variant="light" onClick={() => setAsking(true)} disabled={request.isPending}>
              {own ? "Ask again" : "Become a host"}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

function RequestState({ request }: { request: HostRequest }) {
  if (request.state === "pending")
    return (
      <Text size="sm" mb="sm">
        You asked on {formatLongDate(request.time_created)}. We will tell you in your inbox once it is
        decided.
      </Text>
    );
  return (
    <Stack gap={4} mb="sm">
      <Text size="sm">Declined{request.decidedAt ? ` on ${formatLongDate(request.decidedAt)}` : ""}.</Text>
      <Text size="sm" data-testid="host-decline-reason">
        {request.decisionReason ? `The reason: ${request.decisionReason}` : "No reason was given."}
      </Text>
    </Stack>
  );
}

function HostRequestForm({ onDone }: { onDone: () => void }) {
  const form = useForm({
    initialValues: { reason: "", lastName: "" },
    validate: {
      reason: (v) => (v.trim().length >= 10 ? null : "Tell us a little more (10 characters or more)"),
    },
  });
  const { busy, failure, run } = useApiForm(form);
  const submit = form.onSubmit((values) =>
    run(async () => {
      await askToHost({
        reason: values.reason,
        ...(values.lastName.trim() && { lastName: values.lastName }),
      });
      await listenQueryClient.invalidateQueries({ queryKey: listenKeys.hostRequest });
      onDone();
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FormFailure message={failure} />
        <Textarea
          {...form.getInputProps("reason")}
          label="Why would you like to host?"
          description="What you would guide, and your experience: 10 to 2000 characters."
          autosize
          minRows={3}
          maxLength={2000}
          withAsterisk
          data-autofocus
        />
        <TextInput
          {...form.getInputProps("lastName")}
          label="Last name"
          autoComplete="family-name"
          maxLength={60}
        />
        <Group>
          <Button type="submit" loading={busy}>
            Send my request
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
