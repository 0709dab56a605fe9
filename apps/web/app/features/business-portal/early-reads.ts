/**
 * The portal's first reads, sent while its code still loads (as the listener app's are, see
 * lib/early-reads.ts): the shell of the browser-rendered pages and each section's prerendered HTML
 * run `portalEarlyReadsScript` as the HTML is parsed, which, on a portal section of a browser holding
 * a stored sign-in, marks `<html data-portal-signed-in>` (the first paint then shows the frame, not
 * the sign-in form: components/portal-shell.tsx) and asks for the
 * chosen business (`?business=<id>`, else the first) and what the section opens on: the seats as
 * the address orders them, the seats due for renewal and the invoices (billing), the pending
 * removals (staff list), the last ended month's report, the admins, the activity. The portal's
 * queries take those answers (`portalRead`) instead of asking again; they read the same addresses,
 * built here from the endpoints' paths in the same order as `endpointUrl` builds them.
 */
import { RENEW_WINDOW_DAYS, SEAT_SORTS, SEAT_STATES } from "@serene/contract/business";
import { portalEndpoints as api } from "@serene/contract/endpoints";
import { PAGE_SIZE, PORTAL_PATH } from "./portal-context";
import { PORTAL_KEY } from "./portal-sign-in";

const known = {
  portal: PORTAL_PATH,
  storageKey: PORTAL_KEY,
  business: api.get.path,
  seats: api.seats.path,
  invoices: api.invoices.path,
  removals: api.removals.path,
  report: api.report.path,
  admins: api.admins.path,
  activity: api.activity.path,
  seatStates: SEAT_STATES,
  seatSorts: SEAT_SORTS,
  renewDays: RENEW_WINDOW_DAYS,
  pageSize: PAGE_SIZE,
};

/** Runs in the shell, on its own (stringified): only what it is given and the browser's globals. */
function startPortalEarlyReads(k: typeof known) {
  const page = location.pathname.replace(/\/+$/, "");
  const section =
    page === k.portal ? "" : page.startsWith(`${k.portal}/`) ? page.slice(k.portal.length + 1) : null;
  let businesses: { _id: string }[] = [];
  try {
    businesses =
      (JSON.parse(localStorage.getItem(k.storageKey) ?? "null") as { businesses: [] } | null)?.businesses ??
      [];
  } catch {
    return;
  }
  const params = new URLSearchParams(location.search);
  const chosen = businesses.find((b) => b._id === params.get("business")) ?? businesses[0];
  // Signed out (no stored sign-in): the portal shows its sign-in form and reads nothing. Signed in,
  // a prerendered section paints the portal's frame, not that form (portal-shell.tsx).
  if (!chosen) return;
  document.documentElement.setAttribute("data-portal-signed-in", "");
  const one = (list: readonly string[], value: string | null) => list.find((v) => v === value);
  const at = (path: string, query: Record<string, string | number | undefined> = {}) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query))
      if (value !== undefined && value !== "") search.append(name, String(value));
    const text = search.toString();
    return path.replace(":id", encodeURIComponent(chosen._id)) + (text ? `?${text}` : "");
  };
  const now = new Date();
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
    .toISOString()
    .slice(0, 7);
  const reads: Record<string, string[]> = {
    "": [],
    invite: [],
    seats: [
      at(k.seats, {
        state: one(k.seatStates, params.get("state")),
        q: params.get("q") ?? undefined,
        sort: one(k.seatSorts, params.get("sort")) ?? "activity",
        direction: params.get("dir") === "asc" ? "asc" : "desc",
        limit: k.pageSize.seats,
      }),
    ],
    billing: [at(k.seats, { expiringWithinDays: k.renewDays, limit: k.pageSize.seats }), at(k.invoices)],
    eligibility: [at(k.removals)],
    report: [at(k.report, { month: lastMonth })],
    admins: [at(k.admins)],
    activity: [at(k.activity, { limit: k.pageSize.activity })],
  };
  // Another page (the sign-in link's): nothing read.
  const first = section !== null && Object.hasOwn(reads, section) ? reads[section] : undefined;
  if (!first) return;
  const started: Record<string, Promise<Response>> = {};
  for (const url of [at(k.business), ...first]) {
    const read = fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
    // Offline, the failure is the portal's to show when it takes the read, not an unhandled one.
    read.catch(() => undefined);
    started[url] = read;
  }
  window.__earlyReads = started;
}

export const portalEarlyReadsScript = `(${startPortalEarlyReads.toString()})(${JSON.stringify(known)})`;
