import { AppError } from "../../../lib/errors.ts";

/** The cells of one CSV line (commas; double quotes around a cell, "" inside one). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted && c === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (c === "," && !quoted) {
      cells.push(cell.trim());
      cell = "";
    } else cell += c;
  }
  return [...cells, cell.trim()];
}

/** Addresses of a CSV file's `email` column (its first row names the columns). */
export function emailsFromCsv(csv: string): string[] {
  const rows = csv
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");
  const column = csvCells(rows[0] ?? "")
    .map((c) => c.toLowerCase())
    .indexOf("email");
  if (column === -1)
    throw new AppError("validation_failed", "The CSV file has no `email` column", [
      { field: "file", message: "The first row must name an `email` column" },
    ]);
  return rows.slice(1).map((line) => csvCells(line)[column] ?? "");
}
