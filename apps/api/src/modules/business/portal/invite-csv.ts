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

/**
 * The `email` column of a CSV file (its first row names the columns), each cell with its line
 * number in the file (the header is line 1); blank lines are left out.
 */
export function emailLinesFromCsv(csv: string): { line: number; email: string }[] {
  const lines = csv.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = lines.findIndex((line) => line.trim() !== "");
  const column = csvCells(lines[header] ?? "")
    .map((c) => c.toLowerCase())
    .indexOf("email");
  if (column === -1)
    throw new AppError("validation_failed", "The CSV file has no `email` column", [
      { field: "file", message: "The first row must name an `email` column" },
    ]);
  return lines.flatMap((text, i) =>
    i > header && text.trim() !== "" ? [{ line: i + 1, email: csvCells(text)[column] ?? "" }] : [],
  );
}

/** Addresses of a CSV file's `email` column (its first row names the columns). */
export const emailsFromCsv = (csv: string): string[] => emailLinesFromCsv(csv).map((row) => row.email);
