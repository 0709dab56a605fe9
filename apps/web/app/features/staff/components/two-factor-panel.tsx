import { Alert, Badge, Box, Button, Code, Group, List, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconShieldCheck } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, useTwoFactor, staffKeys } from "../api";

type Setup = { secret: string; uri: string; qrSvg: string };

/**
 * Two-factor sign-in with an authenticator app: set up (QR code, secret, otpauth link),
 * confirmed by a code, then the 10 recovery codes shown once; turned off with a code.
 */
export function TwoFactorPanel() {
  const status = useTwoFactor();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: staffKeys.twoFactor });

  async function start() {
    try {
      setSetup((await startTwoFactorSetup()).data);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      notifyFailure("Two-factor set-up could not start", error.message);
    }
  }

  if (recoveryCodes)
    return (
      <Stack gap="md">
        <Alert
          color="teal"
          variant="light"
          icon={<IconShieldCheck aria-hidden="true" />}
          title="Two-factor sign-in is on"
        >
          Keep these recovery codes somewhere safe: each one signs you in once if you lose your phone. They
          are shown only now.
        </Alert>
        <List aria-label="Recovery codes" listStyleType="none" spacing={4} ff="monospace">
          {recoveryCodes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button onClick={() => setRecoveryCodes(null)}>I saved them</Button>
        </Group>
      </Stack>
    );

  if (status.data?.enabled)
    return (
      <Stack gap="md">
        <Group gap="xs">
          <Badge color="teal" variant="light">
            On
          </Badge>
          <Text size="sm" c="dimmed">
            {status.data.recoveryCodesLeft} recovery codes left
          </Text>
        </Group>
        <CodeForm
          label="Code to turn it off"
          action="Turn off two-factor sign-in"
          color="red.9"
          onCode={async (code) => {
            const answer = await disableTwoFactor(code);
            notifySuccess(answer.message);
            await refresh();
          }}
        />
      </Stack>
    );

  if (setup)
    return (
      <Stack gap="md">
        <Text>
          Scan this QR code with your authenticator app (or type the secret into it), then enter the 6-digit
          code it shows.
        </Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          <Box
            role="img"
            aria-label="QR code of the authenticator set-up"
            w={180}
            h={180}
            bg="white"
            p={4}
            style={{ borderRadius: 8 }}
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <Stack gap={6} style={{ flex: "1 1 220px", minWidth: 0 }}>
            <Text size="sm" fw={600}>
              Secret
            </Text>
            <Code data-testid="totp-secret" style={{ wordBreak: "break-all" }}>
              {setup.secret}
            </Code>
            <Text size="sm">
              <a href={setup.uri}>Open in an authenticator app on this device</a>
            </Text>
          </Stack>
        </Group>
        <CodeForm
          label="Code from the app"
          action="Turn on two-factor sign-in"
          onCode={async (code) => {
            const answer = await enableTwoFactor(code);
            setSetup(null);
            setRecoveryCodes(answer.data.recoveryCodes);
            await refresh();
          }}
        />
      </Stack>
    );

  return (
    <Stack gap="md">
      {status.data?.setupRequired && (
        <Alert color="yellow" variant="light" title="Set up two-factor sign-in to continue">
          The back office requires two-factor sign-in of every admin and editor. Set it up to reach the other
          pages.
        </Alert>
      )}
      <Text>
        Sign in with a code from an authenticator app on your phone as well as your password, so a stolen
        password is not enough.
      </Text>
      <Group justify="flex-end">
        <Button onClick={() => void start()} loading={status.isPending}>
          Set up two-factor sign-in
        </Button>
      </Group>
    </Stack>
  );
}

/** One code (the app's 6 digits, or a recovery code), sent with `onCode`; a wrong one shows its message. */
function CodeForm(props: {
  label: string;
  action: string;
  color?: string;
  onCode: (code: string) => Promise<void>;
}) {
  const form = useForm({ initialValues: { code: "" } });
  const submit = form.onSubmit(async ({ code }) => {
    try {
      await props.onCode(code);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      form.setErrors({ code: error.fieldMessages().code ?? error.message });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          {...form.getInputProps("code")}
          label={props.label}
          autoComplete="one-time-code"
          required
          w={220}
        />
        <Button type="submit" color={props.color} loading={form.submitting}>
          {props.action}
        </Button>
      </Group>
    </form>
  );
}
