import { Alert, Button, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { resendVerification, useMe } from "../account/api";
import { sayError } from "../shared/error-words";

/** Why notifications cannot reach the listener here, and what would make them work. */
export const pushRefusals = {
  unsupported:
    "This browser cannot receive notifications from Serene: private windows cannot, nor can Safari on iPhone and iPad unless Serene is added to the Home Screen. A regular window, or Serene on your Home Screen, can.",
  denied:
    "Notifications are blocked for this site. Allow them in your browser's site settings to get reminders here.",
  failed:
    "This browser could not sign up for notifications (private windows often cannot). A regular window can.",
} as const;
export type PushProblem = keyof typeof pushRefusals;

/** Push is not possible here: why, and e-mail offered instead (the time and days stay as chosen). */
export function PushUnavailableNote({
  reason,
  emailOn,
  onUseEmail,
}: {
  reason: PushProblem;
  emailOn: boolean;
  onUseEmail: () => void;
}) {
  return (
    <Alert variant="light" color="orange" role="alert" title="Notifications are not available here">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{pushRefusals[reason]}</Text>
        {emailOn ? (
          <Text size="sm">Your reminders come by e-mail.</Text>
        ) : (
          <Button variant="light" size="xs" onClick={onUseEmail}>
            Remind me by e-mail instead
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/** E-mail reminders go to confirmed addresses only: said when this one is not, with a new link. */
export function EmailConfirmationNote() {
  const me = useMe();
  const resend = useMutation({ mutationFn: resendVerification });
  if (!me.data || me.data.emailVerified) return null;
  return (
    <Alert variant="light" color="orange" title="Confirm your e-mail address">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          E-mail reminders go only to a confirmed address. Open the link we sent to {me.data.email} to confirm
          it.
        </Text>
        <Button variant="light" size="xs" onClick={() => resend.mutate()} loading={resend.isPending}>
          Send the confirmation again
        </Button>
        <Text size="sm" role="status">
          {resend.isSuccess ? "Sent: check your inbox." : resend.isError ? sayError(resend.error) : ""}
        </Text>
      </Stack>
    </Alert>
  );
}
