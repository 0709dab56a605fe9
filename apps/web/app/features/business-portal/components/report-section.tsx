import type { Report } from "@serene/contract";
import { plural } from "../../../lib/format";
import { REPORT_MIN_LISTENERS } from "@serene/contract/business";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { Field, FormAlert } from "../../../components/site/field";
import { useReport } from "../api";

const WeeklyChart = lazy(() => import("./weekly-chart"));

/** The first and last day of the month `yyyy-mm`. */
function monthRange(month: string) {
  const [year, m] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}
const thisMonth = () => new Date().toISOString().slice(0, 7);
const figure = (value: number | null) => (value === null ? "Withheld" : value.toLocaleString());
const percent = (share: number) => `${Math.round(share * 100)}%`;
const LABELS: Record<string, string> = {
  activeListeners: "active listeners",
  minutes: "minutes",
  sessions: "sessions",
  weekly: "the weekly figures",
  topInterests: "top interests",
  moodLift: "mood lift",
};

/** The anonymised report for a month or a range: never per person, small groups withheld. */
export function ReportSection({ businessId }: { businessId: string }) {
  const [range, setRange] = useState(() => monthRange(thisMonth()));
  const answer = useReport(businessId, range.from, range.to);
  const report: Report | undefined = answer.data;
  const error = answer.error?.message;
  const busy = answer.isFetching;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setRange({ from: String(data.get("from")), to: String(data.get("to")) });
  };
  return (
    <section aria-labelledby="report-title" className="stack">
      <h2 id="report-title">Report</h2>
      <form className="portal__filters" onSubmit={submit} key={`${range.from}-${range.to}`}>
        <Field
          label="Month"
          name="month"
          type="month"
          defaultValue={range.from.slice(0, 7)}
          onChange={(event) => event.currentTarget.value && setRange(monthRange(event.currentTarget.value))}
        />
        <Field label="From" name="from" type="date" defaultValue={range.from} required />
        <Field label="To" name="to" type="date" defaultValue={range.to} required />
        <button className="button" type="submit" disabled={busy}>
          Show report
        </button>
      </form>
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      {report && (
        <div className="stack" aria-live="polite">
          <p>
            From {report.from} to {report.to}: {plural(report.redeemed, "redeemed seat")}.
          </p>
          {report.suppressed.length > 0 && (
            <p className="portal__note">
              Withheld: {report.suppressed.map((field) => LABELS[field] ?? field).join(", ")}. A figure that
              rests on fewer than {REPORT_MIN_LISTENERS} listeners could point at one person, so it is not
              shown.
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
                      <th scope="row">{week.weekStart}</th>
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
