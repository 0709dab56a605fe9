import { Stack } from "@mantine/core";
import { BillingSection } from "../../features/business-portal/components/billing-section";
import { InvoicesSection } from "../../features/business-portal/components/invoices-section";
import { MoreSeatsSection } from "../../features/business-portal/components/more-seats-section";
import { RenewSection } from "../../features/business-portal/components/renew-section";
import { sectionMeta } from "./section-meta";

export const meta = () => sectionMeta("Billing", "billing");

/** More seats, renewals, invoices and the billing details. */
export default function PortalBilling() {
  return (
    <Stack gap="xl">
      <MoreSeatsSection />
      <RenewSection />
      <InvoicesSection />
      <BillingSection />
    </Stack>
  );
}
