import { formatUsd } from "@serene/contract";
import type { InvoiceSeller } from "../../../db/schema/index.ts";
import type { InvoiceRow } from "./invoices.repository.ts";
import { iso } from "../../../lib/iso.ts";

/** Characters outside Latin-1 that WinAnsi has (the dashes, quotes, euro sign). */
const WIN_ANSI: Record<string, string> = {
  "\u2013": "\x96",
  "\u2014": "\x97",
  "\u2018": "\x91",
  "\u2019": "\x92",
  "\u201c": "\x93",
  "\u201d": "\x94",
  "\u20ac": "\x80",
  "\u2022": "\x95",
};

/** Text for a PDF string in Helvetica's WinAnsi encoding: the three special characters escaped, anything else unprintable as "?". */
const pdfText = (value: string) =>
  value
    .normalize("NFC")
    .replace(/[\u2013\u2014\u2018\u2019\u201c\u201d\u20ac\u2022]/g, (c) => WIN_ANSI[c]!)
    .replace(/[^\x20-\x7e\x80-\xff]/g, "?")
    .replace(/[\\()]/g, (c) => `\\${c}`);

const PAYMENT_METHODS: Record<string, string> = {
  stripe: "card (Stripe)",
  test: "the test checkout (no money taken)",
  grant: "none: seats given by Serene",
};

const A4 = { width: 595, height: 842 };
const LEFT = 56;
const BOTTOM = 80;
/** The accent colour (#3f6f64) as PDF RGB. */
const ACCENT = "0.247 0.435 0.392";

/** Serene's mark: a round accent seal with a white "S", and the name beside it. */
function logo(top: number) {
  const [cx, cy, r] = [LEFT + 14, top - 14, 14];
  const k = r * 0.5523;
  const circle = [
    `${cx + r} ${cy} m`,
    `${cx + r} ${cy + k} ${cx + k} ${cy + r} ${cx} ${cy + r} c`,
    `${cx - k} ${cy + r} ${cx - r} ${cy + k} ${cx - r} ${cy} c`,
    `${cx - r} ${cy - k} ${cx - k} ${cy - r} ${cx} ${cy - r} c`,
    `${cx + k} ${cy - r} ${cx + r} ${cy - k} ${cx + r} ${cy} c`,
  ].join(" ");
  return [
    `q ${ACCENT} rg ${circle} f Q`,
    `q 1 1 1 rg BT /F2 16 Tf ${cx - 5} ${cy - 6} Td (S) Tj ET Q`,
    `q ${ACCENT} rg BT /F2 18 Tf ${LEFT + 36} ${cy - 6} Td (Serene) Tj ET Q`,
  ].join("\n");
}

/** A paragraph's parts: an address written on one line with commas becomes several lines. */
const addressLines = (address: string) => address.split(/\r?\n|,\s*/).filter(Boolean);

/**
 * An invoice as a PDF (A4, Helvetica), written by hand: the seller and the buyer as they stood
 * at payment, each line with its service period, net, tax (or the reverse charge) and gross, the
 * payment's method and date, the logo, and "Page n of m" on every page.
 */
export function invoicePdf(invoice: InvoiceRow, fallbackSeller: InvoiceSeller): Buffer {
  const seller = invoice.seller ?? fallbackSeller;
  const pages: string[][] = [[]];
  let y = A4.height - 56;
  const ops = () => pages.at(-1)!;
  const room = (needed: number) => {
    if (y - needed >= BOTTOM) return;
    pages.push([]);
    y = A4.height - 56;
  };
  const put = (text: string, { size = 10, x = LEFT, gap = 14, bold = false } = {}) => {
    room(gap);
    ops().push(`BT /${bold ? "F2" : "F1"} ${size} Tf ${x} ${y} Td (${pdfText(text)}) Tj ET`);
    y -= gap;
  };
  const row = (
    cells: [x: number, text: string][],
    opts: { size?: number; bold?: boolean; gap?: number } = {},
  ) => {
    room(opts.gap ?? 14);
    for (const [x, text] of cells) put(text, { ...opts, x, gap: 0 });
    y -= opts.gap ?? 14;
  };
  const money = (cents: number) => `${formatUsd(cents)} ${invoice.currency.toUpperCase()}`;
  const net = invoice.netCents ?? invoice.totalCents;
  const tax = invoice.tax;

  ops().push(logo(y));
  y -= 48;
  put("Invoice", { size: 22, gap: 28, bold: true });
  row([
    [LEFT, `Invoice number: ${invoice.number}`],
    [330, `Issue date: ${iso(invoice.issuedAt).slice(0, 10)}`],
  ]);
  put(`Status: ${invoice.status === "paid" ? "Paid" : invoice.status}`, { gap: 26 });

  const top = y;
  put("Seller", { size: 11, bold: true });
  for (const l of [seller.name, ...addressLines(seller.address), `Tax ID: ${seller.taxId}`, seller.email])
    put(l);
  const sellerEnd = y;
  y = top;
  const buyer = invoice.buyer;
  put("Billed to", { size: 11, bold: true, x: 330 });
  for (const l of [buyer.name, ...addressLines(buyer.address)]) put(l, { x: 330 });
  if (buyer.taxId) put(`Tax ID: ${buyer.taxId}`, { x: 330 });
  put(buyer.email, { x: 330 });
  y = Math.min(y, sellerEnd) - 18;

  row(
    [
      [LEFT, "Description"],
      [350, "Qty"],
      [400, "Unit price"],
      [480, "Amount"],
    ],
    { bold: true, gap: 18 },
  );
  for (const line of invoice.lines) {
    row([
      [LEFT, line.description.slice(0, 64)],
      [350, String(line.quantity)],
      [400, formatUsd(line.unitCents)],
      [480, formatUsd(line.totalCents)],
    ]);
    if (line.period)
      put(`Service period: ${line.period.from} \u2013 ${line.period.to}, ${line.period.basis}`, {
        size: 9,
        gap: 18,
      });
  }
  y -= 6;
  row([
    [330, "Net"],
    [460, money(net)],
  ]);
  row([
    [330, tax.reverseCharge ? "Tax 0 % (reverse charge)" : `Tax ${tax.ratePercent} %`],
    [460, money(tax.cents)],
  ]);
  row(
    [
      [330, "Total (gross)"],
      [460, money(invoice.totalCents)],
    ],
    { bold: true, size: 11, gap: 24 },
  );
  if (tax.reverseCharge)
    put(
      "Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).",
      { size: 9, gap: 18 },
    );
  const method = PAYMENT_METHODS[invoice.paymentMethod ?? ""] ?? "card";
  put(
    invoice.status === "paid"
      ? `Paid in full on ${iso(invoice.issuedAt).slice(0, 10)} by ${method}. Thank you.`
      : "",
    { gap: 18 },
  );
  put(`Questions about this invoice: ${seller.email}`, { size: 9 });

  pages.forEach((page, i) =>
    page.push(
      `q 0.4 0.4 0.4 rg BT /F1 8 Tf ${LEFT} 40 Td (${pdfText(`${seller.name} \u2022 ${invoice.number}`)}) Tj ET`,
      `BT /F1 8 Tf 480 40 Td (${pdfText(`Page ${i + 1} of ${pages.length}`)}) Tj ET Q`,
    ),
  );
  return writePdf(pages.map((p) => p.join("\n")));
}

/** The PDF file: catalogue, page tree, two fonts, and each page with its content stream. */
function writePdf(contents: string[]) {
  const pageIds = contents.map((_c, i) => 5 + i * 2);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${contents.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    ...contents.flatMap((content, i) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    ]),
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
