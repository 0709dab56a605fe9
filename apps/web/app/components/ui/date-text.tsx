import { formatDate, formatDateTime } from "../../lib/format";

/** A date as the back office writes it (3/14/2026), with the time on hover. */
export function DateText({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatDate(iso)}
    </time>
  );
}
