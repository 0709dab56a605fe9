import { purchasesEndpoints } from "@serene/contract/endpoints";
import planDialogCss from "./plan-dialog.css?inline";
import {
  DEFAULT_SEATS,
  formatUsd,
  MAX_SEATS,
  MIN_SEATS,
  SUBSCRIPTION_MONTHS,
  totalCents,
} from "@serene/contract/business";
import { useId } from "react";
import { Field } from "../../../components/site/field";
import { errorIdOf } from "../../../components/site/field-ids";
import { FormSubmit } from "../../../components/site/form-submit";
import { InlineCss } from "../../../components/ui/inline-css";
import { PLAN_DIALOG_ID } from "../plan-ids";

/**
 * The Plan modal of /business: business e-mail and name, employees (5 to 100, or more, which leads
 * to a demo), the yearly total, Buy Now. A native modal <dialog> that the page's buttons open by
 * themselves (invoker commands): focus stays inside, Escape closes it and focus returns to the
 * button that opened it. Its form posts to the API, which answers with the payment page; the
 * page's script (page-scripts/business.ts) shows the slider beside the typed number of employees,
 * keeps the two and the live total together, and sends the order itself.
 */
export function PlanDialog({ demoBookingUrl }: { demoBookingUrl: string }) {
  const ids = useId();
  const seatsId = `${ids}-seats`;
  const seatsHintId = `${ids}-seats-hint`;
  const price = formatUsd(totalCents(1));
  return (
    <dialog id={PLAN_DIALOG_ID} className="plan-dialog" aria-labelledby={`${ids}-title`} closedby="any">
      <form
        className="plan-dialog__content site-form"
        method="post"
        action={purchasesEndpoints.startCheckout.path}
        data-plan-form
      >
        {/* Serene's own page: back to /checkout with the session id alone, the seats in the portal. */}
        <input type="hidden" name="sessionReturn" value="true" />
        <InlineCss name="plan-dialog" css={planDialogCss} />
        <div className="plan-dialog__head">
          <div>
            <h2 id={`${ids}-title`}>Choose your plan</h2>
            <p>
              {price} per employee per year, {SUBSCRIPTION_MONTHS} months from the day each code is used.
            </p>
          </div>
          <button
            type="button"
            className="plan-dialog__close"
            aria-label="Close"
            commandfor={PLAN_DIALOG_ID}
            command="close"
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>

        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          required
          // eslint-disable-next-line jsx-a11y/no-autofocus -- a native modal <dialog> opened without script: autofocus sets its initial focus
          autoFocus
          hint="Where we send the subscription codes."
        />
        <Field
          label="Business Name"
          name="assignedName"
          autoComplete="organization"
          maxLength={120}
          required
        />

        <fieldset className="plan-seats">
          <legend className="field__label">Employees</legend>
          <div className="plan-seats__row">
            {/* Slid or typed: the page's script keeps the slider and the number together. */}
            <input
              className="plan-seats__range plan-needs-script"
              type="range"
              min={MIN_SEATS}
              max={MAX_SEATS}
              step={1}
              defaultValue={DEFAULT_SEATS}
              aria-label="Number of employees (slider)"
              aria-describedby={seatsHintId}
              data-seats-slider
            />
            <label htmlFor={seatsId} className="visually-hidden">
              Number of employees
            </label>
            <input
              id={seatsId}
              className="plan-seats__number field__control"
              name="totalUsers"
              type="number"
              inputMode="numeric"
              min={MIN_SEATS}
              max={MAX_SEATS}
              step={1}
              defaultValue={DEFAULT_SEATS}
              required
              aria-describedby={seatsHintId}
              data-seats
            />
          </div>
          <p className="field__error" id={errorIdOf(seatsId)} hidden>
            <span data-error-text />
          </p>
          <p className="field__hint" id={seatsHintId}>
            From {MIN_SEATS} to {MAX_SEATS} employees: slide, or type the number.
          </p>
          <label className="plan-seats__more">
            <input type="checkbox" data-more-than-max />
            More than {MAX_SEATS} employees
          </label>
        </fieldset>
        <input type="hidden" name="totalMonths" value={SUBSCRIPTION_MONTHS} />
        {/* Serene's own page: the return carries the session alone, and the seats wait in the portal. */}
        <input type="hidden" name="sessionReturn" value="true" />

        <div className="plan-demo">
          <p>
            For teams of more than {MAX_SEATS}, we build a plan with you. Book a free demo and we will show
            you Serene and prepare an offer.
          </p>
          <a className="button button--large" href={demoBookingUrl}>
            Book a free demo
          </a>
        </div>
        <div className="plan-buy">
          <div className="plan-total plan-needs-script">
            <span className="plan-total__label">Total per year</span>
            <strong className="plan-total__amount" data-testid="plan-total" data-plan-total>
              {formatUsd(totalCents(DEFAULT_SEATS))}
            </strong>
            <span className="plan-total__detail" data-plan-detail>
              {DEFAULT_SEATS} employees × {price}
            </span>
          </div>
          <FormSubmit
            label="Buy Now"
            busyLabel="Taking you to payment…"
            alertLead="Error occurred!"
            className="button button--large plan-dialog__buy"
          />
          <p className="form-note plan-dialog__secure">
            You pay on a secure payment page, which shows the total first. The codes arrive by e-mail as soon
            as the payment is confirmed.
          </p>
        </div>

        <p className="plan-dialog__demo">
          Want to see Serene first? <a href={demoBookingUrl}>Book a free demo</a>
        </p>
      </form>
    </dialog>
  );
}
