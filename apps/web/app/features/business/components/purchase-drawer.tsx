import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CopyButton,
  DataList,
  Group,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import type { PurchaseDetail, SubscriptionCode } from "@serene/contract";
import { formatUsd, SUBSCRIPTION_MONTHS } from "@serene/contract/business";
import { IconCheck, IconCopy, IconInfoCircle, IconMailForward } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { type DataColumn, DataTable } from "../../../components/ui/data-table";
import { DateText } from "../../../components/ui/date-text";
import { DetailDrawer } from "../../../components/ui/detail-drawer";
import { formatCount, formatDateTime, plural } from "../../../lib/format";
import { usePurchase } from "../api";
import { useResendPurchaseCodes } from "../actions";
import { PurchaseStateBadge } from "./purchase-state-badge";

/** A purchase and its codes, beside the list (full screen on phones); closes with Escape or Close. */
export function PurchaseDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  return (
    <DetailDrawer
      id={id}
      onClose={onClose}
      useDetail={usePurchase}
      noun="purchase"
      title={(purchase) => purchase.assignedName}
    >
      {(purchase) => <PurchaseDetails purchase={purchase} />}
    </DetailDrawer>
  );
}

function PurchaseDetails({ purchase }: { purchase: PurchaseDetail }) {
  const resend = useResendPurchaseCodes();
  const hasCodes = purchase.codes.length > 0;

  return (
    <Stack gap="lg">
      <DataList size="sm" labelWidth="9rem" gap="xs">
        <Detail label="State">
          <PurchaseStateBadge state={purchase.state} />
        </Detail>
        <Detail label="E-mail">
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {purchase.email}
          </Text>
        </Detail>
        <Detail label="Seats">
          {plural(purchase.totalUsers, "employee")}, {purchase.totalMonths} months
        </Detail>
        <Detail label="Amount">
          {formatUsd(purchase.amountCents)} {purchase.currency.toUpperCase()}
          {purchase.provider === "test" ? " (test checkout)" : ""}
        </Detail>
        <Detail label="Ordered">{formatDateTime(purchase.createdAt)}</Detail>
        <Detail label="Paid">{purchase.paidAt ? formatDateTime(purchase.paidAt) : "Not paid"}</Detail>
        <Detail label="Codes e-mailed">
          {purchase.codesEmailedAt ? formatDateTime(purchase.codesEmailedAt) : "Not yet"}
        </Detail>
      </DataList>

      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={3} fz="h4">
            Codes
            {hasCodes
              ? ` (${formatCount(purchase.codesRedeemed)} of ${formatCount(purchase.codes.length)} redeemed)`
              : ""}
          </Title>
          {hasCodes && (
            <Group gap="xs">
              <CopyButton value={purchase.codes.map((code) => code.code).join("\n")} timeout={2000}>
                {({ copied, copy }) => (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={
                      copied ? (
                        <IconCheck size={16} aria-hidden="true" />
                      ) : (
                        <IconCopy size={16} aria-hidden="true" />
                      )
                    }
                    onClick={copy}
                  >
                    {copied ? "Copied" : "Copy all"}
                  </Button>
                )}
              </CopyButton>
              <Button
                size="xs"
                leftSection={<IconMailForward size={16} aria-hidden="true" />}
                onClick={() => resend(purchase)}
              >
                Resend e-mail
              </Button>
            </Group>
          )}
        </Group>
        {hasCodes ? (
          <>
            <Text size="sm" c="dimmed">
              Each code’s {SUBSCRIPTION_MONTHS} months start when an employee redeems it in the app.
            </Text>
            <CodesTable codes={purchase.codes} />
          </>
        ) : (
          <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden="true" />}>
            {purchase.state === "paid"
              ? "The payment is confirmed, but no codes have been created yet: they are made when the buyer comes back from the checkout."
              : "No codes yet: they are created once the payment is confirmed."}
          </Alert>
        )}
      </Stack>
    </Stack>
  );
}

/** One labelled line of a drawer's details (the purchase's, the business's). */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

function CodeText({ code }: { code: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" ff="monospace" style={{ whiteSpace: "nowrap" }}>
        {code}
      </Text>
      <CopyButton value={code} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? "Copied" : "Copy"} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? "teal" : "gray"}
              aria-label={copied ? `Copied ${code}` : `Copy ${code}`}
              onClick={copy}
            >
              {copied ? (
                <IconCheck size={16} aria-hidden="true" />
              ) : (
                <IconCopy size={16} aria-hidden="true" />
              )}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function Redeemed({ code }: { code: SubscriptionCode }) {
  return code.redeemed ? (
    <Badge variant="light" color="green" radius="sm" miw="max-content">
      Redeemed
    </Badge>
  ) : (
    <Badge variant="light" color="gray" radius="sm" miw="max-content">
      Not redeemed
    </Badge>
  );
}

/** Who redeemed it: their e-mail, or that the account is gone. */
const redeemer = (code: SubscriptionCode) => code.redeemedByEmail ?? "A deleted account";

const codeColumns: DataColumn<SubscriptionCode>[] = [
  { header: "Code", cell: (code) => <CodeText code={code.code} /> },
  { header: "Status", cell: (code) => <Redeemed code={code} /> },
  {
    header: "Redeemed by",
    td: { miw: 200 },
    cell: (code) =>
      code.redeemed ? (
        <>
          <Text
            size="sm"
            c={code.redeemedByEmail ? undefined : "dimmed"}
            style={{ overflowWrap: "anywhere" }}
          >
            {redeemer(code)}
          </Text>
          {code.redeemedAt && (
            <Text size="xs" c="dimmed">
              on <DateText iso={code.redeemedAt} />
            </Text>
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  {
    header: "Expires",
    td: { style: { whiteSpace: "nowrap" } },
    cell: (code) =>
      code.expiresAt ? (
        <DateText iso={code.expiresAt} />
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
];

function CodesTable({ codes }: { codes: SubscriptionCode[] }) {
  return (
    <DataTable
      rows={codes}
      rowKey={(code) => code._id}
      label="Subscription codes"
      columns={codeColumns}
      minWidth={640}
      card={(code) => (
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <CodeText code={code.code} />
            <Redeemed code={code} />
          </Group>
          {code.redeemed && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              By {redeemer(code)}
              {code.redeemedAt && (
                <>
                  {" "}
                  on <DateText iso={code.redeemedAt} />
                </>
              )}
              {code.expiresAt && (
                <>
                  , expires <DateText iso={code.expiresAt} />
                </>
              )}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}
