/** How the back office writes numbers, dates and durations: US English, as the spec's DATE column. */

export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}

const moneyFormat = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** "2.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Integer cents in US dollars: 24995 as "$249.95". */
export function formatMoney(cents: number): string {
  return moneyFormat.format(cents / 100);
}

/** "1 user", "2 users". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** Seconds as mm:ss ("00:00", "04:05", "125:30"): the Avg. time on app card. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/**
 * The spec's US date: 3/14/2026. A day without a time ("2026-03-14": a seat's expiry day, a
 * removal's day) is that day in every time zone, not the evening before west of UTC.
 */
export function formatDate(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso)
    ? new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", { timeZone: "UTC" })
    : new Date(iso).toLocaleDateString("en-US");
}

const dateTimeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** Mar 14, 2026, 9:30 AM. */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

const relativeFormat = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 4.35],
  ["month", 12],
  ["year", Number.POSITIVE_INFINITY],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function formatRelative(iso: string, now = Date.now()): string {
  let amount = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(amount) < 45) return "just now";
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) return relativeFormat.format(Math.round(amount), unit);
    amount /= size;
  }
  return formatDate(iso);
}

/** A "2026-01" month key as a date at its first day (UTC, so no time zone moves it). */
function monthDate(key: string): Date {
  const [year, month] = key.split("-").map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1));
}

const shortMonth = new Intl.DateTimeFormat("en-US", { month: "short", timeZone: "UTC" });
const longMonth = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-01" as "Jan" (chart axis) or "January 2026" (tooltips and tables). */
export function formatMonth(key: string, style: "short" | "long" = "short"): string {
  return (style === "short" ? shortMonth : longMonth).format(monthDate(key));
}
