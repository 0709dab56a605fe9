/** A paid purchase settled: its business joined (or made) and its invoice issued, in the payment's transaction. */
import { PRICE_PER_SEAT_CENTS, SUBSCRIPTION_MONTHS } from "@serene/contract";
import type { InvoiceSeller, InvoiceTax } from "../../../db/schema/index.ts";
import { DEMO_SELLER } from "../../../config/env.ts";
import type { Db } from "../../../db/client.ts";
import {
  type BusinessRow,
  findBusiness,
  insertBusinessActivity,
  joinOrCreateBusiness,
  setPurchaseBusiness,
  updateBusiness,
} from "../portal/businesses.repository.ts";
import { insertInvoice, nextInvoiceNumber } from "../portal/invoices.repository.ts";
import type { PurchaseRow } from "./purchases.repository.ts";
import type { CollectedBilling } from "./stripe-gateway.ts";
import { iso } from "../../../lib/iso.ts";

/** Who sells (SELLER_*) and the tax included in prices (TAX_RATE_PERCENT). */
export interface Invoicing {
  seller: InvoiceSeller;
  taxRatePercent: number;
}
export const DEMO_INVOICING: Invoicing = { seller: DEMO_SELLER, taxRatePercent: 0 };

/** The EU member states' VAT number prefixes (Greece's is EL; XI is Northern Ireland's goods). */
const EU_VAT_PREFIXES = new Set(
  "AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI".split(" "),
);

/** The EU country of a VAT ID ("BE 0123.456.789" -> "BE"), or null when it is not one. */
export function euVatCountry(taxId: string): string | null {
  const compact = taxId.replace(/[\s.-]/g, "").toUpperCase();
  const prefix = /^([A-Z]{2})[0-9A-Z+*]{2,13}$/.exec(compact)?.[1];
  return prefix && EU_VAT_PREFIXES.has(prefix) ? prefix : null;
}

/**
 * The tax in an amount paid (prices include it): none, with reverse charge, when the buyer gave
 * an EU VAT ID of another country than the seller's; TAX_RATE_PERCENT otherwise.
 */
export function taxOf(grossCents: number, buyerTaxId: string, invoicing: Invoicing) {
  const buyer = euVatCountry(buyerTaxId);
  const reverseCharge = buyer !== null && buyer !== euVatCountry(invoicing.seller.taxId);
  const ratePercent = reverseCharge ? 0 : invoicing.taxRatePercent;
  const cents = Math.round((grossCents * ratePercent) / (100 + ratePercent));
  return { netCents: grossCents - cents, tax: { ratePercent, cents, reverseCharge } satisfies InvoiceTax };
}

const day = (d: Date) => iso(d).slice(0, 10);

/** A line's service period: 12 months from the issue day (the last day included), and what it runs from. */
export function servicePeriod(kind: string, issuedAt: Date) {
  const to = new Date(issuedAt);
  to.setUTCMonth(to.getUTCMonth() + SUBSCRIPTION_MONTHS);
  to.setUTCDate(to.getUTCDate() - 1);
  return {
    from: day(issuedAt),
    to: day(to),
    basis: kind === "renew" ? "from each seat's expiry" : "from redemption",
  };
}

/**
 * What the buyer entered on the payment page goes on this and later invoices: the tax ID
 * they gave, and their address when the business has none yet (an address edited in the portal stays).
 */
async function takeCollectedBilling(tx: Db, businessId: string, billing: CollectedBilling) {
  const current = (await findBusiness(tx, businessId))!;
  const changes: Partial<Pick<BusinessRow, "taxId" | "billingAddress">> = {};
  if (billing.taxId) changes.taxId = billing.taxId.slice(0, 50);
  if (billing.address && !current.billingAddress) changes.billingAddress = billing.address.slice(0, 500);
  if (Object.keys(changes).length > 0) await updateBusiness(tx, businessId, changes);
}

/**
 * A purchase has just been paid (inside its transaction): it joins its business (created by a
 * first purchase), and gets its invoice, numbered without gaps in its year, with the seller and
 * the buyer's billing details as they stand now, each line's service period, net, tax and gross.
 */
export async function settlePaidPurchase(
  tx: Db,
  purchase: PurchaseRow,
  billing: CollectedBilling | null = null,
  invoicing: Invoicing = DEMO_INVOICING,
) {
  const businessId = purchase.businessId ?? (await joinOrCreateBusiness(tx, purchase)).id;
  if (!purchase.businessId) await setPurchaseBusiness(tx, purchase.id, businessId);
  if (billing) await takeCollectedBilling(tx, businessId, billing);
  const business = (await findBusiness(tx, businessId))!;
  const issuedAt = purchase.paidAt ?? new Date();
  const quantity = purchase.kind === "renew" ? (purchase.renewCodeIds?.length ?? 0) : purchase.totalUsers;
  const description =
    purchase.kind === "renew"
      ? `Serene for Business: seats renewed for ${SUBSCRIPTION_MONTHS} months`
      : `Serene for Business: ${SUBSCRIPTION_MONTHS}-month employee seats`;
  const { netCents, tax } = taxOf(purchase.amountCents, business.taxId, invoicing);
  const number = await nextInvoiceNumber(tx, issuedAt.getUTCFullYear());
  await insertInvoice(tx, {
    businessId,
    purchaseId: purchase.id,
    number,
    issuedAt,
    seller: invoicing.seller,
    buyer: {
      name: business.name,
      address: business.billingAddress,
      taxId: business.taxId,
      email: business.billingEmail,
    },
    lines: [
      {
        description,
        quantity,
        unitCents: PRICE_PER_SEAT_CENTS,
        totalCents: purchase.amountCents,
        period: servicePeriod(purchase.kind, issuedAt),
      },
    ],
    totalCents: purchase.amountCents,
    netCents,
    tax,
    paymentMethod: purchase.provider,
    currency: purchase.currency,
  });
  await insertBusinessActivity(tx, businessId, null, `purchase.${purchase.kind}`, {
    purchaseId: purchase.id,
    seats: quantity,
    amountCents: purchase.amountCents,
    invoice: number,
  });
  return businessId;
}
