import { Alert, Stack } from "@mantine/core";
import { useSearchParams } from "react-router";
import { BillingSection } from "../../features/business-portal/components/billing-section";
import { InvoicesSection } from "../../features/business-portal/components/invoices-section";
import { MoreSeatsSection } from "../../features/business-portal/components/more-seats-section";
import { RenewSection } from "../../features/business-portal/components/renew-section";
import { plural } from "../../lib/format";
import { sectionMeta } from "./section-meta";
import { sectionLoader } from "../../features/business-portal/portal-loaders";
import { invoicesQuery, seatsQuery } from "../../features/business-portal/api";
import { RENEW_WINDOW_DAYS } from "@serene/contract/business";

export const meta = () => sectionMeta("Billing", "billing");

/** The seats due for renewal and the invoices, read beside the business (see portal-loaders.ts). */
export const clientLoader = sectionLoader(async (client, id) => {
  await Promise.all([
    client.prefetchInfiniteQuery(seatsQuery(id, { expiringWithinDays: RENEW_WINDOW_DAYS })),
    client.prefetchQuery(invoicesQuery(id)),
  ]);
});

/** More seats, renewals, invoices and the billing details; back from paying, what was paid for. */
export default function PortalBilling() {
  const [params] = useSearchParams();
  const paid = Number(params.get("paid"));
  return (
    <Stack gap="xl">
      {paid > 0 && (
        <Alert role="status" color="teal" variant="light" title="Thank you: paid" maw={960}>
          {plural(paid, "seat")} paid for: they are in your seats, and the invoice is below.
        </Alert>
      )}
      <MoreSeatsSection />
      <RenewSection />
      <InvoicesSection />
      <BillingSection />
    </Stack>
  );
}
