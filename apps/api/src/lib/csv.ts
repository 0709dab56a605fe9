import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { iso } from "./iso.ts";

/** A cell of a CSV export: text, a number, a time (written as ISO 8601 UTC) or nothing. */
export type CsvValue = string | number | Date | null;

/** The columns of a list's CSV export: each column's heading and its value in a row. */
export type CsvColumns<R> = readonly (readonly [heading: string, value: (row: R) => CsvValue])[];

/**
 * One CSV line (RFC 4180: quoted when needed, CRLF). A text starting with =, +, -, @, ;, |, a
 * tab or a carriage return gets a leading apostrophe, so a spreadsheet shows it instead of running
 * it as a formula (or, after `;` or `|`, as a command in older spreadsheets and some locales).
 */
export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

function csvCell(value: CsvValue): string {
  if (value === null) return "";
  if (value instanceof Date) return iso(value);
  const text = typeof value === "string" && /^[=+\-@;|\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A list's rows as CSV text: the headings, then one chunk per batch of rows, produced only as
 * the reader asks for more (so a slow download never has more than a batch in memory).
 */
async function* csvChunks<R>(columns: CsvColumns<R>, batches: AsyncIterable<R[]>) {
  yield csvLine(columns.map(([heading]) => heading));
  for await (const rows of batches) {
    yield rows.map((row) => csvLine(columns.map(([, value]) => value(row)))).join("");
  }
}

/**
 * Answers a list's rows (batches from `inBatches`) as a CSV download named `<name>-<day>.csv`,
 * streamed: each batch is read and written when the client's connection has taken the previous
 * one (backpressure).
 */
export function sendCsv<R>(
  reply: FastifyReply,
  name: string,
  columns: CsvColumns<R>,
  batches: AsyncIterable<R[]>,
) {
  const day = iso(new Date()).slice(0, 10);
  return reply
    .type("text/csv; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${name}-${day}.csv"`)
    .send(Readable.from(csvChunks(columns, batches)));
}
