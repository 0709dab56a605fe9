import type { CsvColumns } from "../../../lib/csv.ts";
import type { ExportedBusiness } from "./back-office.repository.ts";

/** The columns of the businesses list's CSV export. */
export const businessCsv: CsvColumns<ExportedBusiness> = [
  ["created", (x) => x.business.createdAt],
  ["name", (x) => x.business.name],
  ["billing_email", (x) => x.business.billingEmail],
  ["billing_address", (x) => x.business.billingAddress],
  ["tax_id", (x) => x.business.taxId],
  ["join_domains", (x) => x.business.joinDomains.join(" ")],
  ["admins", (x) => x.admins],
  ["id", (x) => x.business.id],
];
