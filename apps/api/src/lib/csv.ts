/**
 * One CSV line (RFC 4180: quoted when needed, CRLF). A text starting with =, +, - or @ gets a
 * leading apostrophe, so a spreadsheet shows it instead of running it as a formula.
 */
export function csvLine(values: readonly (string | number | null)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

function csvCell(value: string | number | null): string {
  if (value === null) return "";
  const text = typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
