import { Alert } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";

/** Why a form was refused, read out as it appears. */
export function FormFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
      {message}
    </Alert>
  );
}
