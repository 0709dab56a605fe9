import planDialogCss from "./plan-dialog.css?inline";
import { formatUsd, MAX_SEATS, MIN_SEATS, SUBSCRIPTION_MONTHS, totalCents } from "@serene/contract/business";
import { type FormEvent, type Ref, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { Field, FormAlert, focusFirstInvalid } from "../../../components/site/field";
import { ApiError } from "../../../lib/api-client";
import { emailProblem } from "../../../lib/validation";
import { createPayment, type PaymentData } from "../api/create-payment";
import { InlineCss } from "../../../components/ui/inline-css";

/** Where the order waits while the buyer is on the payment page (spec section 7). */
export const PAYMENT_DATA_KEY = "paymentData";

export interface PlanDialogHandle {
  open(): void;
}

type Errors = Partial<Record<"email" | "assignedName", string>>;

/**
 * The Plan modal of /business: business e-mail and name, employees (5 to 100, or more, which leads
 * to a demo), the yearly total, Buy Now. A native modal <dialog>: focus stays inside, Escape closes
 * it and focus returns to the button that opened it.
 */
export function PlanDialog({ ref, demoBookingUrl }: { ref: Ref<PlanDialogHandle>; demoBookingUrl: string }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();
  const [email, setEmail] = useState("");
  const [assignedName, setAssignedName] = useState("");
  const [seats, setSeats] = useState<number>(MIN_SEATS);
  const [moreThanMax, setMoreThanMax] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [buying, setBuying] = useState(false);
  const [refusals, setRefusals] = useState(0);

  useImperativeHandle(ref, () => ({
    open() {
      const dialog = dialogRef.current;
      if (!dialog || dialog.open) return;
      dialog.showModal();
      dialog.querySelector<HTMLInputElement>("input[name=email]")?.focus();
    },
  }));

  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formRef.current);
  }, [refusals]);

  // A click on the backdrop closes the dialog, as Escape does from the keyboard: the dialog
  // element itself is only hit outside its content box.
  useEffect(() => {
    const dialog = dialogRef.current;
    const closeOnBackdrop = (event: MouseEvent) => {
      if (event.target === dialog) dialog?.close();
    };
    dialog?.addEventListener("click", closeOnBackdrop);
    return () => dialog?.removeEventListener("click", closeOnBackdrop);
  }, []);

  const total = formatUsd(totalCents(seats));

  async function buy(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (buying || moreThanMax) return;
    const order: PaymentData = {
      assignedName: assignedName.trim(),
      email: email.trim(),
      totalUsers: seats,
      totalMonths: SUBSCRIPTION_MONTHS,
    };
    const problems: Errors = {
      email: emailProblem(order.email, "name@company.com"),
      assignedName: order.assignedName ? undefined : "Please provide your Business Name",
    };
    setFailure(undefined);
    setErrors(problems);
    if (problems.email || problems.assignedName) {
      setRefusals((count) => count + 1);
      return;
    }

    setBuying(true);
    try {
      window.sessionStorage.setItem(PAYMENT_DATA_KEY, JSON.stringify(order));
    } catch {
      // Storage can be full or blocked; the checkout page reads the order from its address anyway.
    }
    try {
      const { data } = await createPayment(order);
      // Stays busy while the browser leaves for the payment page.
      window.location.assign(data.paymentLink.url);
    } catch (error) {
      setBuying(false);
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
      const onFields: Errors = {};
      for (const { field, message } of fieldErrors) {
        if (field === "email" || field === "assignedName") onFields[field] = message;
      }
      setErrors(onFields);
      setFailure(error instanceof ApiError ? error.message : "Please try again.");
      if (onFields.email || onFields.assignedName) setRefusals((count) => count + 1);
    }
  }

  const seatsId = `${ids}-seats`;
  const seatsHintId = `${ids}-seats-hint`;
  return (
    <dialog ref={dialogRef} className="plan-dialog" aria-labelledby={`${ids}-title`}>
      <form ref={formRef} className="plan-dialog__content site-form" onSubmit={buy} noValidate>
        <InlineCss name="plan-dialog" css={planDialogCss} />
        <div className="plan-dialog__head">
          <div>
            <h2 id={`${ids}-title`}>Choose your plan</h2>
            <p>
              {formatUsd(totalCents(1))} per employee per year, {SUBSCRIPTION_MONTHS} months from the day each
              code is used.
            </p>
          </div>
          <button
            type="button"
            className="plan-dialog__close"
            aria-label="Close"
            onClick={() => dialogRef.current?.close()}
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
          hint="Where we send the subscription codes."
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (errors.email) setErrors({ ...errors, email: undefined });
          }}
          error={errors.email}
        />
        <Field
          label="Business Name"
          name="assignedName"
          autoComplete="organization"
          maxLength={120}
          required
          value={assignedName}
          onChange={(event) => {
            setAssignedName(event.target.value);
            if (errors.assignedName) setErrors({ ...errors, assignedName: undefined });
          }}
          error={errors.assignedName}
        />

        <fieldset className="plan-seats">
          <legend className="field__label">Employees</legend>
          <div className="plan-seats__row">
            <label htmlFor={seatsId} className="visually-hidden">
              Number of employees
            </label>
            <input
              id={seatsId}
              className="plan-seats__range"
              type="range"
              min={MIN_SEATS}
              max={MAX_SEATS}
              step={1}
              value={seats}
              disabled={moreThanMax}
              aria-describedby={seatsHintId}
              aria-valuetext={`${seats} employees, total ${formatUsd(totalCents(seats))} a year`}
              onChange={(event) => setSeats(Number(event.target.value))}
            />
            <span className="plan-seats__value" aria-hidden="true">
              {moreThanMax ? `${MAX_SEATS}+` : seats}
            </span>
          </div>
          <p className="field__hint" id={seatsHintId}>
            From {MIN_SEATS} to {MAX_SEATS} employees. Use the arrow keys for one more or one fewer.
          </p>
          <label className="plan-seats__more">
            <input
              type="checkbox"
              checked={moreThanMax}
              onChange={(event) => setMoreThanMax(event.target.checked)}
            />
            More than {MAX_SEATS} employees
          </label>
        </fieldset>

        {moreThanMax ? (
          <div className="plan-demo">
            <p>
              For teams of more than {MAX_SEATS}, we build a plan with you. Book a free demo and we will show
              you Serene and prepare an offer.
            </p>
            <a className="button button--large" href={demoBookingUrl}>
              Book a free demo
            </a>
          </div>
        ) : (
          <>
            <div className="plan-total">
              <span className="plan-total__label">Total per year</span>
              <strong className="plan-total__amount" data-testid="plan-total">
                {total}
              </strong>
              <span className="plan-total__detail">
                {seats} employees × {formatUsd(totalCents(1))}
              </span>
            </div>
            {failure && (
              <FormAlert>
                <p>
                  <strong>Error occurred!</strong> {failure}
                </p>
              </FormAlert>
            )}
            <button
              type="submit"
              className="button button--large plan-dialog__buy"
              disabled={buying}
              aria-busy={buying}
            >
              {buying && <span className="button__spinner" aria-hidden="true" />}
              {buying ? "Taking you to payment…" : "Buy Now"}
            </button>
            <p className="form-note plan-dialog__secure">
              You pay on a secure payment page. The codes arrive by e-mail as soon as the payment is
              confirmed.
            </p>
          </>
        )}

        <p className="plan-dialog__demo">
          Want to see Serene first? <a href={demoBookingUrl}>Book a free demo</a>
        </p>
      </form>
    </dialog>
  );
}
