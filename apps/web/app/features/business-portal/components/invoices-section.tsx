import { Anchor, Group, Stack, Text } from "@mantine/core";
import type { Invoice } from "@serene/contract";
import { type DataColumn, DataTable, numericCell } from "../../../components/ui/data-table";
import { formatDate, formatMoney } from "../../../lib/format";
import { useInvoices } from "../api";
import { usePortal } from "../portal-context";
import { PortalSection } from "./portal-section";

const period = (invoice: Invoice) =>
  invoice.period ? `${formatDate(invoice.period.from)} – ${formatDate(invoice.period.to)}` : "—";
const tax = (invoice: Invoice) =>
  invoice.tax.reverseCharge
    ? "0 % (reverse charge)"
    : `${formatMoney(invoice.tax.amount)} (${invoice.tax.ratePercent} %)`;
const pdf = (invoice: Invoice) => (
  <Anchor href={invoice.pdfUrl} download aria-label={`PDF of ${invoice.number}`}>
    PDF
  </Anchor>
);

const columns: DataColumn<Invoice>[] = [
  { header: "Number", td: numericCell, cell: (invoice) => invoice.number },
  { header: "Issued", td: numericCell, cell: (invoice) => formatDate(invoice.issuedAt) },
  { header: "Service period", td: numericCell, cell: period },
  { header: "Net", td: numericCell, cell: (invoice) => formatMoney(invoice.net) },
  { header: "Tax", td: numericCell, cell: tax },
  { header: "Total", td: numericCell, cell: (invoice) => formatMoney(invoice.total) },
  { header: "Status", td: { tt: "capitalize" }, cell: (invoice) => invoice.status },
  { header: "PDF", cell: pdf },
];

/**
 * Every invoice of the business, newest first: its service period, net, tax and total, and its PDF
 * (a card per invoice on a phone).
 */
export function InvoicesSection() {
  const { businessId } = usePortal();
  const invoices = useInvoices(businessId);
  return (
    <PortalSection title="Invoices">
      {invoices.data?.length === 0 && <Text>No invoice yet.</Text>}
      {invoices.data && invoices.data.length > 0 && (
        <DataTable
          rows={invoices.data}
          rowKey={(invoice) => invoice._id}
          label="Invoices"
          columns={columns}
          minWidth={760}
          card={(invoice) => (
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap">
                <Text fw={600} style={numericCell.style}>
                  {invoice.number}
                </Text>
                <Text size="sm" tt="capitalize">
                  {invoice.status}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                Issued {formatDate(invoice.issuedAt)} · Service {period(invoice)}
              </Text>
              <Group justify="space-between">
                <Text size="sm">
                  {formatMoney(invoice.total)} (net {formatMoney(invoice.net)}, tax {tax(invoice)})
                </Text>
                {pdf(invoice)}
              </Group>
            </Stack>
          )}
        />
      )}
    </PortalSection>
  );
}
