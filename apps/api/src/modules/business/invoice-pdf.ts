import { formatUsd } from "@serene/contract";
import type { InvoiceRow } from "./portal.repository.ts";

/** Text for a PDF string in Helvetica's WinAnsi encoding: the three special characters escaped, anything else unprintable as "?". */
const pdfText = (value: string) =>
  value
    .normalize("NFC")
    .replace(/[^\x20-\x7e\xa0-\xff]/g, "?")
    .replace(/[\\()]/g, (c) => `\\${c}`);

/**
 * An invoice as a one-page PDF (A4, Helvetica), written by hand: the catalogue, one page, one font
 * and one content stream, with the cross-reference table every reader needs.
 */
export function invoicePdf(invoice: InvoiceRow, seller: { name: string; email: string }): Buffer {
  const lines: [x: number, y: number, size: number, text: string][] = [];
  let y = 780;
  const put = (text: string, size = 11, x = 56, gap = 16) => {
    lines.push([x, y, size, text]);
    y -= gap;
  };
  put("Invoice", 22, 56, 30);
  put(`Number: ${invoice.number}`);
  put(`Issued: ${invoice.issuedAt.toISOString().slice(0, 10)}`);
  put(`Status: ${invoice.status === "paid" ? "Paid" : invoice.status}`, 11, 56, 28);
  put("Seller", 12);
  put(seller.name);
  put(seller.email, 11, 56, 28);
  put("Billed to", 12);
  put(invoice.buyer.name);
  for (const part of invoice.buyer.address.split(/\r?\n|,\s*/).filter(Boolean)) put(part);
  if (invoice.buyer.taxId) put(`Tax ID: ${invoice.buyer.taxId}`);
  put(invoice.buyer.email, 11, 56, 28);
  put("Description", 12, 56, 0);
  put("Qty", 12, 360, 0);
  put("Unit", 12, 410, 0);
  put("Amount", 12, 480, 18);
  for (const line of invoice.lines) {
    put(line.description.slice(0, 60), 10, 56, 0);
    put(String(line.quantity), 10, 360, 0);
    put(formatUsd(line.unitCents), 10, 410, 0);
    put(formatUsd(line.totalCents), 10, 480, 18);
  }
  y -= 8;
  put(`Total: ${formatUsd(invoice.totalCents)} ${invoice.currency.toUpperCase()}`, 13, 360, 24);
  put(invoice.status === "paid" ? "Paid in full. Thank you." : "", 11);

  const content = lines
    .map(([x, ly, size, text]) => `BT /F1 ${size} Tf ${x} ${ly} Td (${pdfText(text)}) Tj ET`)
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
