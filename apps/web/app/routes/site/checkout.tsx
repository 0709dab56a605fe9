import checkoutCss from "./checkout.css?inline";
import { SUBSCRIPTION_MONTHS } from "@serene/contract/business";
import { useEffect, useMemo, useRef } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { FormAlert } from "../../components/site/field";
import type { CreateCouponsBody } from "../../features/business/public-api";
import { PAYMENT_DATA_KEY } from "../../features/business/plan-ids";
import { type CouponsState, useCreateCoupons } from "../../features/business/checkout";
import { SupportEmailLink } from "../../features/site-config/components/support-email-link";
import { type PageInfo, publicPageMeta } from "../../lib/meta";
import type { Route } from "./+types/checkout";
import { rememberPaidBusiness } from "../../features/business-portal/portal-sign-in";
import { InlineCss } from "../../components/ui/inline-css";

const page: PageInfo = {
  title: "Checkout",
  description: "Confirming your business subscription.",
};

export const meta: Route.MetaFunction = () => publicPageMeta(page, "/checkout", { noindex: true });

/**
 * What the payment page came back with: the payment session (our own links carry nothing else),
 * or, from the spec's older links, email, assignedName, totalUsers and totalMonths.
 */
function readOrder(params: URLSearchParams): CreateCouponsBody | undefined {
  const email = params.get("email");
  const sessionId = params.get("session_id");
  if (!email) return sessionId ? { session_id: sessionId } : undefined;
  return {
    email,
    assignedName: params.get("assignedName") ?? "",
    totalUsers: Number(params.get("totalUsers")),
    totalMonths: Number(params.get("totalMonths") ?? SUBSCRIPTION_MONTHS),
    ...(sessionId ? { session_id: sessionId } : {}),
  };
}

/** Back from the payment page: creates the subscription codes and says how it went (spec section 2). */
export default function Checkout() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const order = useMemo(() => readOrder(params), [params]);
  const { state, retry } = useCreateCoupons(order);

  useEffect(() => {
    if (!order) void navigate("/business", { replace: true });
  }, [order, navigate]);

  useEffect(() => {
    if (state.status !== "created") return;
    try {
      window.sessionStorage.removeItem(PAYMENT_DATA_KEY);
    } catch {
      // Nothing to tidy up when storage is blocked.
    }
  }, [state.status]);

  // Paid: this browser, signed in by the server (it started the checkout), remembers the business;
  // more seats and renewals, bought from the portal, go back to its Billing section.
  const paid = state.status === "created" ? state.purchase : undefined;
  useEffect(() => {
    if (!paid?.businessId) return;
    if (paid.signedIn) rememberPaidBusiness(paid.email, paid.businessId);
    if (paid.kind !== "first")
      void navigate(
        `/business/portal/billing?business=${encodeURIComponent(paid.businessId)}&paid=${paid.totalUsers}`,
        { replace: true },
      );
  }, [paid, navigate]);

  if (!order) return null;
  return (
    <div className="checkout">
      <InlineCss name="checkout" css={checkoutCss} />
      <CheckoutState state={state} onRetry={retry} codesInPortal={!("email" in order)} />
    </div>
  );
}

/** The portal's address for the business paid for (the one this browser is signed in to). */
const portalOf = (businessId: string | null) =>
  businessId ? `/business/portal?business=${encodeURIComponent(businessId)}` : "/business/portal";

function CheckoutState({
  state,
  onRetry,
  codesInPortal,
}: {
  state: CouponsState;
  onRetry: () => void;
  /** Serene's own checkout: the seats wait in the portal (the e-mail lists no codes). */
  codesInPortal: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state.status !== "pending") headingRef.current?.focus();
  }, [state.status]);

  switch (state.status) {
    case "pending":
      return (
        <div className="checkout__pending" role="status">
          <span className="page-loader__dot" aria-hidden="true" />
          <h1>Confirming your payment…</h1>
          <p>This takes a moment. Please keep this page open.</p>
        </div>
      );
    case "created":
      return (
        <div className="checkout__result">
          <CheckMark />
          <h1 ref={headingRef} tabIndex={-1}>
            Thank you for Subscription
          </h1>
          <p className="checkout__lede">{state.message}</p>
          {codesInPortal ? (
            <p>
              Invite each of your {state.purchase.totalUsers} employees from the portal by e-mail: each gets
              their own code, which works only for their address, and you see who redeemed it. We have sent
              the details to <strong>{state.purchase.email}</strong>.
            </p>
          ) : (
            <p>
              We have sent {state.purchase.totalUsers} subscription codes to{" "}
              <strong>{state.purchase.email}</strong>, your company e-mail address. Share one code with each
              employee.
            </p>
          )}
          <p>
            Each code’s expiry begins when an employee uses it: their {state.purchase.totalMonths} months
            start on the day they redeem it in the Serene app.
          </p>
          <p className="form-note">
            No e-mail after a few minutes? Check your spam folder, or write to <SupportEmailLink />.
          </p>
          {!state.purchase.signedIn && (
            <p>In the portal, sign in with {state.purchase.email}: we e-mail you a link.</p>
          )}
          <Link className="button" to={portalOf(state.purchase.businessId)}>
            Go to your portal
          </Link>
        </div>
      );
    case "refused":
      return (
        <div className="checkout__result">
          <h1 ref={headingRef} tabIndex={-1}>
            We could not create your codes
          </h1>
          <FormAlert>
            <p>{state.message}</p>
          </FormAlert>
          <p>
            The details provided do not exist. Please pay to generate subscription codes. If payment was
            deducted from your account, contact our support at <SupportEmailLink /> and we will sort it out.
          </p>
          <div className="form-actions">
            <Link className="button" to="/business">
              Go to For Business
            </Link>
            <Link to="/support">Contact support</Link>
          </div>
        </div>
      );
    case "failed":
      return (
        <div className="checkout__result">
          <h1 ref={headingRef} tabIndex={-1}>
            Error occurred!
          </h1>
          <FormAlert>
            <p>{state.message}</p>
          </FormAlert>
          <p>
            Your payment details are safe. Please try again in a moment. If payment was deducted from your
            account and this keeps happening, contact our support at <SupportEmailLink />.
          </p>
          <div className="form-actions">
            <button type="button" className="button" onClick={onRetry}>
              Try again
            </button>
          </div>
        </div>
      );
  }
}

function CheckMark() {
  return (
    <svg
      className="checkout__mark"
      viewBox="0 0 64 64"
      width="64"
      height="64"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="32" cy="32" r="30" fill="currentColor" opacity="0.14" />
      <circle cx="32" cy="32" r="22" fill="currentColor" />
      <path
        d="M22 33l7 7 13-15"
        fill="none"
        style={{ stroke: "var(--on-accent)" }}
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
