import {
  Alert,
  Badge,
  Button,
  DataList,
  Group,
  Loader,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { type BusinessDetail, SEAT_STATES } from "@serene/contract";
import { formatUsd } from "@serene/contract/business";
import { IconGift, IconMailForward } from "@tabler/icons-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { TableHeader } from "../../../components/ui/data-table";
import { DetailDrawer } from "../../../components/ui/detail-drawer";
import { LoadError } from "../../../components/ui/load-error";
import { Detail } from "./purchase-drawer";
import { ApiError } from "../../../lib/api-client";
import { plural } from "../../../lib/format";
import { formatCount, formatDateTime } from "../../../lib/format";
import { notifyFailure, notifySuccess } from "../../../lib/notify";
import { useRefreshAfter } from "../../../lib/query-keys";
import { grantSeats, sendPortalLink, useBusiness, useBusinessActivity } from "../api";

const KINDS: Record<string, string> = {
  first: "First purchase",
  add: "More seats",
  renew: "Renewal",
  grant: "Free seats",
};

/** A business beside the list (full screen on phones): admins, purchases, seats by state, activity. */
export function BusinessDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <DetailDrawer
      id={id}
      onClose={onClose}
      useDetail={useBusiness}
      noun="business"
      title={(business) => business.name}
    >
      {(business) => <BusinessDetails business={business} />}
    </DetailDrawer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3} fz="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function BusinessDetails({ business }: { business: BusinessDetail }) {
  const refreshAfter = useRefreshAfter();
  const [sending, setSending] = useState<string | null>(null);

  const sendLink = async (email: string) => {
    setSending(email);
    try {
      notifySuccess((await sendPortalLink(business._id, email)).message);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      notifyFailure("The sign-in link was not sent", error.message);
    } finally {
      setSending(null);
    }
    await refreshAfter("business");
  };

  return (
    <Stack gap="xl">
      <DataList size="sm" labelWidth="9rem" gap="xs">
        <Detail label="Billing e-mail">
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {business.billingEmail}
          </Text>
        </Detail>
        <Detail label="Address">{business.billingAddress || "—"}</Detail>
        <Detail label="Tax ID">{business.taxId || "—"}</Detail>
        <Detail label="Join domains">{business.joinDomains.join(", ") || "—"}</Detail>
        <Detail label="Next expiry">
          {business.nextExpiry
            ? `${plural(business.nextExpiry.seats, "seat")} on ${business.nextExpiry.date}`
            : "—"}
        </Detail>
        <Detail label="Since">{formatDateTime(business.createdAt)}</Detail>
      </DataList>

      <Section title="Seats by state">
        <Group gap="xs">
          <Badge variant="filled" size="lg">
            {formatCount(business.seats.total)} seats
          </Badge>
          {SEAT_STATES.map((state) => (
            <Badge key={state} variant="light" size="lg">
              {state} {formatCount(business.seats[state])}
            </Badge>
          ))}
        </Group>
      </Section>

      <Section title="Admins">
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs">
            <TableHeader columns={["E-mail", "Last sign-in", "Sign-in link"]} />
            <Table.Tbody>
              {business.admins.map((admin) => (
                <Table.Tr key={admin.email}>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{admin.email}</Table.Td>
                  <Table.Td>{admin.lastSignInAt ? formatDateTime(admin.lastSignInAt) : "Never"}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconMailForward size={16} aria-hidden="true" />}
                      aria-label={`Send a sign-in link to ${admin.email}`}
                      loading={sending === admin.email}
                      onClick={() => void sendLink(admin.email)}
                    >
                      Send link
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>

      <Section title="Purchases">
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs">
            <TableHeader columns={["Kind", "Seats", "Amount", "State", "Date"]} />
            <Table.Tbody>
              {business.purchases.map((p) => (
                <Table.Tr key={p._id}>
                  <Table.Td>{KINDS[p.kind] ?? p.kind}</Table.Td>
                  <Table.Td>{formatCount(p.seats)}</Table.Td>
                  <Table.Td>{formatUsd(p.amountCents)}</Table.Td>
                  <Table.Td>{p.state}</Table.Td>
                  <Table.Td>{formatDateTime(p.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>

      <GrantSeats businessId={business._id} />
      <Activity businessId={business._id} />
    </Stack>
  );
}

/** Free seats with a reason: recorded in the activity log and the business's own. */
function GrantSeats({ businessId }: { businessId: string }) {
  const refreshAfter = useRefreshAfter();
  const [seats, setSeats] = useState<number | string>(1);
  const [months, setMonths] = useState<number | string>(12);
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      await grantSeats(businessId, { seats: Number(seats), months: Number(months), reason });
      notifySuccess(`${plural(Number(seats), "free seat")} given`);
      setReason("");
      await refreshAfter("business");
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setErrors({ form: error.message, ...error.fieldMessages() });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Give free seats">
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="sm">
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group grow align="flex-start">
            <NumberInput
              label="Seats"
              min={1}
              max={1000}
              value={seats}
              onChange={setSeats}
              error={errors.seats}
            />
            <NumberInput
              label="Months each"
              min={1}
              max={36}
              value={months}
              onChange={setMonths}
              error={errors.months}
            />
          </Group>
          <Textarea
            label="Reason"
            description="Recorded in the activity log."
            required
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={errors.reason}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} leftSection={<IconGift size={16} aria-hidden="true" />}>
              Give seats
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function Activity({ businessId }: { businessId: string }) {
  const activity = useBusinessActivity(businessId);
  return (
    <Section title="Activity">
      {activity.isPending ? (
        <Loader size="sm" role="status" aria-label="Loading the activity" />
      ) : activity.isError ? (
        <LoadError
          title="The activity could not be loaded"
          error={activity.error}
          onRetry={() => void activity.refetch()}
        />
      ) : activity.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nothing yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs">
            <TableHeader columns={["When", "What"]} />
            <Table.Tbody>
              {activity.data.map((a) => (
                <Table.Tr key={a._id}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(a.createdAt)}</Table.Td>
                  {/* The server's words, who included (the portal's Activity shows the same). */}
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{a.summary}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
