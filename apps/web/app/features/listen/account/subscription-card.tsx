import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { sayError } from "../shared/error-words";
import { useEntitlement } from "./api";
import { formatLongDate } from "../shared/format";

export function SubscriptionCard() {
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
