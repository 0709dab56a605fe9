import { NativeSelect } from "@mantine/core";
import type { Business, Report } from "@serene/contract";
import { formatDate, plural } from "../../../lib/format";
import { lazy, Suspense, useMemo, useState } from "react";
import { FormAlert } from "../../../components/site/field";
import { useBusiness, useReport } from "../api";
import { PORTAL_SECTIONS, WHY_WITHHELD as WHY } from "../sections";

const WeeklyChart = lazy(() => import("./weekly-chart"));

const MONTHS_OFFERED = 24;
const CURRENT = "current";
/** `yyyy-mm` of the month `back` months before this one (UTC, as the server counts). */
function monthBefore(back: number) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}
/** The last month that has ended: the section opens on it once the business has one (its loader reads it early). */
export const lastEndedMonth = () => monthBefore(1);
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
/**
 * The picker's choices: this month (seats only), then, once a month of the business has ended, the
 * last 3 and 12 months and each ended month since it began (at most 24).
 */
function choices(since: string) {
  const began = since.slice(0, 7);
  const ended = Array.from({ length: MONTHS_OFFERED }, (_v, i) => monthBefore(i + 1)).filter(
    (month) => month >= began,
  );
  const current = { value: CURRENT, label: `${monthName(monthBefore(0))} so far (seats only)` };
  if (!ended.length) return [current];
  return [
    current,
    { value: `${monthBefore(3)}..${monthBefore(1)}`, label: "The last 3 months" },
    { value: `${monthBefore(12)}..${monthBefore(1)}`, label: "The last 12 months" },
    ...ended.map((month) => ({ value: `${month}..${month}`, label: monthName(month) })),
  ];
}
const figure = (value: number | null) => (value === null ? "Withheld" : value.toLocaleString());
const percent = (share: number) => `${Math.round(share * 100)}%`;
const LABELS: Record<string, string> = {
  activeListeners: "active listeners",
  minutes: "minutes",
  sessions: "sessions",
  weekly: "some weeks",
  topInterests: "interests fewer than 10 listened to",
  moodLift: "mood lift",
};
/** Nothing of the listening shows: every figure withheld, every week too. */
const allWithheld = (report: Report) =>
  report.activeListeners === null &&
  report.moodLift === null &&
  (report.weekly ?? []).every((week) => week.activeListeners === null);

/**
 * Seats given and taken, as a funnel: every seat sent to someone (waiting or taken), then those
 * taken. Not listening data (the seats list names each holder anyway).
 */
function SeatFunnel({ seats }: { seats: Business["seats"] | null }) {
  if (!seats) return <p role="status">Loading the seats…</p>;
  return (
    <dl className="portal__counts" aria-label="Seats">
      <div>
        <dt>Invited</dt>
        <dd>{(seats.invited + seats.redeemed).toLocaleString()}</dd>
      </div>
      <div>
        <dt>→ Redeemed</dt>
        <dd>{seats.redeemed.toLocaleString()}</dd>
      </div>
    </dl>
  );
}

/**
 * The anonymised report of whole months that have ended: never per person, figures resting on
 * fewer than 10 listeners withheld. The month still running shows only its seat counts.
 */
export function ReportSection({ businessId }: { businessId: string }) {
  // Seat counts: the month so far, and a report with every listening figure withheld.
  const business = useBusiness(businessId);
  const seats: Business["seats"] | null = business.data?.seats ?? null;
  const options = useMemo(
    () => choices(business.data?.createdAt ?? monthBefore(0)),
    [business.data?.createdAt],
  );
  // Until one is picked: the last ended month, or this month for a business that began in it.
  const [picked, setChoice] = useState<string | null>(null);
  const choice = picked ?? options.at(3)?.value ?? CURRENT;
  const current = choice === CURRENT;
  const [from, to] = choice.split("..") as [string, string];
  const answer = useReport(businessId, current || !business.data ? null : { from, to });
  const report: Report | null = current ? null : (answer.data ?? null);
  const error = (current ? null : answer.error?.message) ?? business.error?.message;
  const period = report && `From ${formatDate(report.from)} to ${formatDate(report.to)}`;
  return (
    <section aria-labelledby="report-title" className="stack">
      <h2 id="report-title">{PORTAL_SECTIONS.report.heading}</h2>
      <p>{PORTAL_SECTIONS.report.lead}</p>
      <NativeSelect
        label="Month"
        value={choice}
        onChange={(event) => setChoice(event.currentTarget.value)}
        data={options}
        maw={352}
      />
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      {current && (
        <div className="stack" aria-live="polite">
          <p>This month has not ended: listening figures appear once it has.</p>
          <p>Your seats today:</p>
          <SeatFunnel seats={seats} />
        </div>
      )}
      {report && allWithheld(report) && (
        <div className="stack" aria-live="polite">
          <p>
            {period}: {plural(report.redeemed, "seat")} redeemed at the end. {WHY}
          </p>
          <p>Your seats today:</p>
          <SeatFunnel seats={seats} />
        </div>
      )}
      {report && !allWithheld(report) && (
        <div className="stack" aria-live="polite">
          <p>
            {period}: {plural(report.redeemed, "seat")} redeemed at the end.
          </p>
          {report.suppressed.length > 0 && (
            <p className="portal__note">
              Withheld: {report.suppressed.map((field) => LABELS[field] ?? field).join(", ")}. {WHY}
            </p>
          )}
          <dl className="portal__counts">
            <div>
              <dt>Active listeners</dt>
              <dd>{figure(report.activeListeners)}</dd>
            </div>
            <div>
              <dt>Minutes</dt>
              <dd>{figure(report.minutes)}</dd>
            </div>
            <div>
              <dt>Sessions</dt>
              <dd>{figure(report.sessions)}</dd>
            </div>
          </dl>
          {report.weekly && report.weekly.length > 0 && (
            <figure className="portal__figure">
              <figcaption>Minutes per week</figcaption>
              <Suspense fallback={<p role="status">Loading the chart…</p>}>
                <div aria-hidden="true">
                  <WeeklyChart weeks={report.weekly} />
                </div>
              </Suspense>
              <table className="portal__table">
                <caption className="visually-hidden">Weekly figures</caption>
                <thead>
                  <tr>
                    <th scope="col">Week of</th>
                    <th scope="col">Active listeners</th>
                    <th scope="col">Minutes</th>
                  </tr>
                </thead>
                <tbody>
                  {report.weekly.map((week) => (
                    <tr key={week.weekStart}>
                      <th scope="row">{formatDate(week.weekStart)}</th>
                      <td>{figure(week.activeListeners)}</td>
                      <td>{figure(week.minutes)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </figure>
          )}
          {report.topInterests && report.topInterests.length > 0 && (
            <p>
              Top interests:{" "}
              {report.topInterests
                .map((interest) => `${interest.name} (${percent(interest.share)})`)
                .join(", ")}
              .
            </p>
          )}
          {report.moodLift && (
            <p>
              Mood after a session, over {plural(report.moodLift.sessions, "session")} with a check-in:{" "}
              {percent(report.moodLift.improved)} better, {percent(report.moodLift.same)} the same,{" "}
              {percent(report.moodLift.worse)} worse.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
