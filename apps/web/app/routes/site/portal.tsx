import portalCss from "./portal.css?inline";
import type { Business, Invoice } from "@serene/contract";
import { RENEW_WINDOW_DAYS, SEAT_STATES } from "@serene/contract/business";
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Field, FormAlert } from "../../components/site/field";
import { InlineCss } from "../../components/ui/inline-css";
import { PageIntro } from "../../components/ui/page-intro";
import { ActivitySection } from "../../features/business-portal/components/activity-section";
import { AdminsSection } from "../../features/business-portal/components/admins-section";
import { BillingSection } from "../../features/business-portal/components/billing-section";
import { InviteSection } from "../../features/business-portal/components/invite-section";
import { RenewSection } from "../../features/business-portal/components/renew-section";
import { ReportSection } from "../../features/business-portal/components/report-section";
import { SeatsSection } from "../../features/business-portal/components/seats-section";
import { errorMessage as message } from "../../features/business-portal/components/use-portal-action";
import { portalApi, type PortalSignIn, readPortal } from "../../features/business-portal/portal-api";
import { plural } from "../../lib/format";
import { publicPageMeta } from "../../lib/meta";
import type { Route } from "./+types/portal";

const page = {
  title: "Business portal",
  description: "Manage your team's Serene seats: invitations, who redeemed, more seats and invoices.",
};

// Indexed, as a business's sign-in page should be found by searching for it: what the portal shows
// signed in is personal, but a search engine only ever sees its sign-in form.
export const meta: Route.MetaFunction = () => publicPageMeta(page, "/business/portal");

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");

/** /business/portal: sign in by e-mail, then the business's seats, invitations, more seats and invoices. */
export default function Portal() {
  // A page rendered in the browser only (clientPagePaths): the stored sign-in is there at once.
  const [signIn, setSignIn] = useState<PortalSignIn | null | undefined>(() =>
    typeof window === "undefined" ? undefined : readPortal(),
  );
  const [params, setParams] = useSearchParams();
  if (signIn === undefined) return null;
  const businesses = signIn?.businesses ?? [];
  // The business in the address (?business=<id>, so a reload keeps it), else the first.
  const chosen = businesses.find((b) => b._id === params.get("business")) ?? businesses[0];
  return (
    <div className="portal">
      <InlineCss name="portal" css={portalCss} />
      {signIn && chosen ? (
        <Dashboard
          key={chosen._id}
          businessId={chosen._id}
          me={signIn.email}
          onSignedOut={() => setSignIn(null)}
          switcher={
            businesses.length > 1 && (
              <label className="field portal__switch">
                <span className="field__label">Business</span>
                <select
                  className="field__control"
                  value={chosen._id}
                  onChange={(event) => setParams({ business: event.currentTarget.value })}
                >
                  {businesses.map((b) => (
                    <option key={b._id} value={b._id}>
                      {b.name}
                    </option>
                  ))}
                </select>
              </label>
            )
          }
        />
      ) : (
        <SignInForm />
      )}
    </div>
  );
}

function SignInForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "");
    portalApi
      .requestLink(email)
      .then((answer) => setSent(answer.message))
      .catch((err: unknown) => setError(message(err)));
  };
  return (
    <>
      <PageIntro title={page.title} description="Sign in with the e-mail address you bought seats with." />
      {sent ? (
        <p role="status" className="card">
          {sent} The link works once, for 15 minutes.
        </p>
      ) : (
        <form className="stack" onSubmit={submit} style={{ maxWidth: "28rem" }}>
          {error && (
            <FormAlert>
              <p>{error}</p>
            </FormAlert>
          )}
          <Field label="E-mail address" name="email" type="email" autoComplete="email" required />
          <button className="button" type="submit">
            E-mail me a sign-in link
          </button>
        </form>
      )}
    </>
  );
}

const SECTIONS = [
  ["overview-title", "Overview"],
  ["invite-title", "Invite"],
  ["seats-title", "Seats"],
  ["renew-title", "Renewals"],
  ["more-title", "More seats"],
  ["invoices-title", "Invoices"],
  ["billing-title", "Billing"],
  ["admins-title", "Admins"],
  ["report-title", "Report"],
  ["activity-title", "Activity"],
] as const;

function Dashboard({
  businessId,
  me,
  onSignedOut,
  switcher,
}: {
  businessId: string;
  me: string;
  onSignedOut: () => void;
  /** The choice of business, for an admin of several. */
  switcher: ReactNode;
}) {
  const [business, setBusiness] = useState<Business | null>(null);
  const [invoices, setInvoices] = useState<Invoice[]>([]);
  const [error, setError] = useState<string | null>(null);
  // Counts reloads: the sections that load their own data follow the page's changes.
  const [version, setVersion] = useState(0);
  const [params] = useSearchParams();
  const cancelled = params.get("checkout") === "cancelled";

  const reload = useCallback(() => {
    Promise.all([portalApi.business(businessId), portalApi.invoices(businessId)])
      .then(([b, i]) => {
        setBusiness(b);
        setInvoices(i);
        setVersion((v) => v + 1);
      })
      .catch((err: { httpStatus?: number; message: string }) => {
        if (err.httpStatus === 401 || err.httpStatus === 404) {
          window.localStorage.removeItem("serene-portal");
          onSignedOut();
        } else setError(err.message);
      });
  }, [businessId, onSignedOut]);
  useEffect(reload, [reload]);

  if (!business)
    return error ? (
      <FormAlert>{error}</FormAlert>
    ) : (
      <p role="status" className="portal__loading">
        Loading…
      </p>
    );
  const free = business.seats.unsent + business.seats.freed;
  return (
    <>
      <PageIntro title={business.name} description="Your team's Serene seats." />
      <div className="portal__who">
        {switcher}
        <span>Signed in as {me}</span>
        <button
          type="button"
          className="button button--quiet"
          onClick={() => void portalApi.signOut().finally(onSignedOut)}
        >
          Sign out
        </button>
      </div>
      {cancelled && (
        <p role="status" className="card">
          Your checkout was cancelled and nothing was charged.
        </p>
      )}
      <nav aria-label="Portal sections" className="portal__nav">
        {SECTIONS.map(([id, label]) => (
          <a key={id} href={`#${id}`}>
            {label}
          </a>
        ))}
      </nav>
      {error && (
        <FormAlert>
          <p>{error}</p>
        </FormAlert>
      )}
      <section aria-labelledby="overview-title" className="stack">
        <h2 id="overview-title">Overview</h2>
        <dl className="portal__counts">
          {(["total", ...SEAT_STATES] as const).map((k) => (
            <div key={k}>
              <dt>{k === "total" ? "All seats" : k[0]!.toUpperCase() + k.slice(1)}</dt>
              <dd>{business.seats[k]}</dd>
            </div>
          ))}
        </dl>
        <p>
          {business.nextExpiry
            ? `Next expiry: ${plural(business.nextExpiry.seats, "seat")} on ${business.nextExpiry.date}.`
            : "No redeemed seat expires yet."}
        </p>
        {(free > 0 || business.renewable > 0) && (
          <ul className="portal__todo" aria-label="To do">
            {free > 0 && (
              <li>
                <span>{plural(free, "seat")} free to give.</span>
                <a className="button" href="#invite-title">
                  Invite people
                </a>
              </li>
            )}
            {business.renewable > 0 && (
              <li>
                <span>
                  {plural(business.renewable, "seat expires", "seats expire")} within {RENEW_WINDOW_DAYS}{" "}
                  days.
                </span>
                <a className="button" href="#renew-title">
                  Renew seats
                </a>
              </li>
            )}
          </ul>
        )}
      </section>
      <InviteSection businessId={businessId} onDone={reload} />
      <SeatsSection businessId={businessId} version={version} onChanged={reload} />
      <RenewSection businessId={businessId} version={version} />
      <section aria-labelledby="more-title" className="stack">
        <h2 id="more-title">More seats</h2>
        <form
          className="portal__filters"
          onSubmit={(event) => {
            event.preventDefault();
            const seats = Number(new FormData(event.currentTarget).get("seats"));
            portalApi
              .checkout(businessId, { kind: "add", seats })
              .then((url) => window.location.assign(url))
              .catch((err: unknown) => setError(message(err)));
          }}
        >
          <Field
            label="Seats to add (1-100, $49.99 each per year)"
            name="seats"
            type="number"
            min={1}
            max={100}
            defaultValue={1}
            required
          />
          <button className="button" type="submit">
            Go to payment
          </button>
        </form>
      </section>
      <section aria-labelledby="invoices-title" className="stack">
        <h2 id="invoices-title">Invoices</h2>
        {invoices.length === 0 ? (
          <p>No invoice yet.</p>
        ) : (
          <ul>
            {invoices.map((invoice) => (
              <li key={invoice._id}>
                {invoice.number}, {day(invoice.issuedAt)}, ${(invoice.total / 100).toFixed(2)},{" "}
                {invoice.status}:{" "}
                <a href={invoice.pdfUrl} download>
                  PDF
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <BillingSection business={business} onSaved={reload} />
      <AdminsSection businessId={businessId} me={me} onChanged={reload} />
      <ReportSection businessId={businessId} version={version} />
      <ActivitySection businessId={businessId} version={version} />
    </>
  );
}
