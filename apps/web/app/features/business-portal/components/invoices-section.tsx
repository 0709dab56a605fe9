import { Anchor, Table, Text } from "@mantine/core";
import { numericCell } from "../../../components/ui/data-table";
import { formatDate, formatMoney } from "../../../lib/format";
import { useInvoices } from "../api";
import { usePortal } from "../portal-context";
import { PortalSection } from "./portal-section";

/** Every invoice of the business, newest first: its service period, net, tax and total, and its PDF. */
export function InvoicesSection() {
  const { businessId } = usePortal();
  const invoices = useInvoices(businessId);
  return (
    <PortalSection title="Invoices">
      {invoices.data?.length === 0 && <Text>No invoice yet.</Text>}
      {invoices.data && invoices.data.length > 0 && (
        <Table.ScrollContainer minWidth={760} type="native">
          <Table aria-label="Invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Number</Table.Th>
                <Table.Th>Issued</Table.Th>
                <Table.Th>Service period</Table.Th>
                <Table.Th>Net</Table.Th>
                <Table.Th>Tax</Table.Th>
                <Table.Th>Total</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>PDF</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.map((invoice) => (
                <Table.Tr key={invoice._id}>
                  <Table.Td {...numericCell}>{invoice.number}</Table.Td>
                  <Table.Td {...numericCell}>{formatDate(invoice.issuedAt)}</Table.Td>
                  <Table.Td {...numericCell}>
                    {invoice.period
                      ? `${formatDate(invoice.period.from)} – ${formatDate(invoice.period.to)}`
                      : "—"}
                  </Table.Td>
                  <Table.Td {...numericCell}>{formatMoney(invoice.net)}</Table.Td>
                  <Table.Td {...numericCell}>
                    {invoice.tax.reverseCharge
                      ? "0 % (reverse charge)"
                      : `${formatMoney(invoice.tax.amount)} (${invoice.tax.ratePercent} %)`}
                  </Table.Td>
                  <Table.Td {...numericCell}>{formatMoney(invoice.total)}</Table.Td>
                  <Table.Td tt="capitalize">{invoice.status}</Table.Td>
                  <Table.Td>
                    <Anchor href={invoice.pdfUrl} download aria-label={`PDF of ${invoice.number}`}>
                      PDF
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </PortalSection>
  );
}
