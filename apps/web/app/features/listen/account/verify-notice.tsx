import { Button, Card, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { resendVerification } from "./api";
import { sayError } from "../shared/error-words";
import { notifyFailure, notifySuccess } from "../../../lib/notify";

export function VerifyNotice() {
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
