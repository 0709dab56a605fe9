import businessCss from "./business.css?inline";
import {
  formatUsd,
  MAX_SEATS,
  MIN_ADD_SEATS,
  MIN_SEATS,
  REPORT_MIN_LISTENERS,
  SUBSCRIPTION_MONTHS,
  totalCents,
} from "@serene/contract/business";
import { Link } from "react-router";
import { PlanDialog } from "../../features/business/components/plan-dialog";
import { PLAN_DIALOG_ID } from "../../features/business/plan-ids";
import { TopicIcon } from "../../features/showcase/components/topic-icon";
import { useSiteConfig } from "../../features/site-config/use-site-config";
import { type PageInfo, publicPageMeta } from "../../lib/meta";
import { enhancedPage } from "../../lib/static-page";
import pageScript from "../../page-scripts/business.ts?page-script";
import type { Route } from "./+types/business";
import { InlineCss } from "../../components/ui/inline-css";

const page: PageInfo = {
  title: "For Business",
  description: `Give your team a yearly Serene subscription: ${formatUsd(totalCents(1))} per employee per year, for ${MIN_SEATS} to ${MAX_SEATS} employees.`,
};

export const meta: Route.MetaFunction = () => publicPageMeta(page, "/business");

export const handle = enhancedPage(pageScript);

const benefits = [
  {
    icon: "leaf",
    title: "Stress support in minutes",
    text: "Short sessions for the moments between meetings, before a presentation or after a hard call.",
  },
  {
    icon: "moon",
    title: "Better sleep, clearer days",
    text: "Sleep stories and soundscapes that help people rest, so they arrive rested and focused.",
  },
  {
    icon: "eye",
    title: "Private by design",
    text: `You see who has redeemed each seat, never what anyone listens to or how they feel. The team report is anonymised, and any figure resting on fewer than ${REPORT_MIN_LISTENERS} people is withheld.`,
  },
  {
    icon: "target",
    title: "Ready in a day",
    text: "No integration and no IT project. Codes arrive by e-mail; people redeem them in the app.",
  },
] as const;

export default function Business() {
  const { demoBookingUrl } = useSiteConfig();
  const price = formatUsd(totalCents(1));

  return (
    <>
      <InlineCss name="business" css={businessCss} />
      <section className="biz-hero" aria-labelledby="biz-title">
        <div>
          {/* Shown by the page's script when a checkout was cancelled (/business?checkout=cancelled). */}
          <p className="card biz-notice" role="status" data-checkout-cancelled hidden>
            Your checkout was cancelled and nothing was charged. Choose your plan again whenever you are
            ready.
          </p>
          <p className="eyebrow">Serene for Business</p>
          <h1 id="biz-title">Calm, for the whole team</h1>
          <p className="biz-hero__lede">
            Give every employee a year of guided meditation, sleep support and stress relief. One simple
            price, codes in your inbox within minutes, and complete privacy for your people.
          </p>
          <div className="hero__actions">
            <button
              type="button"
              className="button button--large"
              commandfor={PLAN_DIALOG_ID}
              command="show-modal"
            >
              Choose your plan
            </button>
            <a className="button button--large button--quiet" href={demoBookingUrl}>
              Book a free demo
            </a>
          </div>
          <p>
            Already a customer? <Link to="/business/portal">Manage your seats</Link>
          </p>
        </div>
        <TeamArt />
      </section>

      <section className="section" aria-labelledby="benefits-title">
        <div className="section__head">
          <h2 id="benefits-title">Why teams choose Serene</h2>
          <p>Wellbeing support people actually use, because it fits into a normal working day.</p>
        </div>
        <ul className="card-grid">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="card">
              <span className="card__icon">
                <TopicIcon name={benefit.icon} />
              </span>
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="biz-how-title">
        <div className="section__head">
          <h2 id="biz-how-title">How it works</h2>
        </div>
        <ol className="steps">
          <li>
            <h3>Choose and pay</h3>
            <p>
              Pick the number of employees, from {MIN_SEATS} to {MAX_SEATS}, and pay securely online.
            </p>
          </li>
          <li>
            <h3>Receive your codes</h3>
            <p>We e-mail one subscription code per employee to your business address.</p>
          </li>
          <li>
            <h3>Share and relax</h3>
            <p>
              Share the codes yourself or invite people from the business portal. Each person redeems a code
              in the app; their {SUBSCRIPTION_MONTHS} months begin the day they use it.
            </p>
          </li>
        </ol>
      </section>

      <section className="section" aria-labelledby="biz-portal-title">
        <div className="section__head">
          <h2 id="biz-portal-title">Your seats, in one place</h2>
          <p>
            The business portal is where you manage your team’s seats. You sign in with a link sent to your
            e-mail, with no password to keep.
          </p>
        </div>
        <ul className="pricing__list">
          <li>Invite people by e-mail address or with a CSV file: each gets their own code</li>
          <li>See each seat’s state: not sent, invited, redeemed and by whom, expired or free again</li>
          <li>Take a seat back when someone leaves, and give it to someone else</li>
          <li>
            Add {MIN_ADD_SEATS} to {MAX_SEATS} seats at a time, and renew seats before they expire
          </li>
          <li>Download every invoice, with your business’s tax ID on it</li>
          <li>An anonymised report of how the team uses Serene, never per person</li>
        </ul>
        <p>
          <Link to="/business/portal">Open the business portal</Link>
        </p>
      </section>

      <section className="section pricing" aria-labelledby="pricing-title">
        <div className="pricing__card">
          <h2 id="pricing-title">Business plan</h2>
          <p className="pricing__price">
            <strong>{price}</strong> per employee per year
          </p>
          <ul className="pricing__list">
            <li>
              For teams of {MIN_SEATS} to {MAX_SEATS} employees
            </li>
            <li>The full Serene library, with new sessions every week</li>
            <li>{SUBSCRIPTION_MONTHS} months from the day each code is redeemed</li>
            <li>Codes delivered by e-mail, one per employee</li>
          </ul>
          <p className="pricing__example">
            For example, {MIN_SEATS} employees cost {formatUsd(totalCents(MIN_SEATS))} a year.
          </p>
          <button
            type="button"
            className="button button--large"
            commandfor={PLAN_DIALOG_ID}
            command="show-modal"
          >
            Choose your plan
          </button>
        </div>
        <div className="pricing__demo">
          <h2>More than {MAX_SEATS} employees?</h2>
          <p>
            We will tailor a plan to your organisation, show you the app and answer your team’s questions.
          </p>
          <a className="button button--quiet" href={demoBookingUrl}>
            Book a free demo
          </a>
        </div>
      </section>

      <section className="section" aria-labelledby="biz-faq-title">
        <div className="section__head">
          <h2 id="biz-faq-title">Questions from employers</h2>
        </div>
        <div className="faq">
          <details>
            <summary>When does each employee’s subscription start?</summary>
            <div>
              <p>
                On the day they redeem their code in the app, not on the day you buy. Every code gives{" "}
                {SUBSCRIPTION_MONTHS} full months.
              </p>
            </div>
          </details>
          <details>
            <summary>Can we see what our employees listen to?</summary>
            <div>
              <p>
                No. In the <Link to="/business/portal">business portal</Link> you see whether each seat has
                been redeemed and by whom, and an anonymised report of the team as a whole (nothing below 10
                people). What each person listens to and their mood check-ins stay private.
              </p>
            </div>
          </details>
          <details>
            <summary>What if we hire more people later?</summary>
            <div>
              <p>
                Add seats in the <Link to="/business/portal">business portal</Link>: {MIN_ADD_SEATS} to{" "}
                {MAX_SEATS} at a time, at the same {price} per seat per year, then invite the new starters
                from there. When someone leaves, you can take their seat back and give it to a new starter
                with the time it had left.
              </p>
            </div>
          </details>
          <details>
            <summary>How do we pay?</summary>
            <div>
              <p>
                By card on a secure payment page. The codes are e-mailed as soon as the payment is confirmed.
              </p>
            </div>
          </details>
        </div>
      </section>

      <PlanDialog demoBookingUrl={demoBookingUrl} />
    </>
  );
}

/** Decorative: three people resting under one warm sun. */
function TeamArt() {
  return (
    <svg className="biz-hero__art" viewBox="0 0 360 300" aria-hidden="true" focusable="false">
      <circle cx="180" cy="150" r="140" fill="currentColor" fillOpacity="0.08" />
      <circle cx="180" cy="92" r="40" fill="#e8b48a" fillOpacity="0.75" />
      <circle cx="180" cy="92" r="62" fill="none" stroke="#e8b48a" strokeOpacity="0.45" strokeWidth="2" />
      <g fill="currentColor">
        <circle cx="104" cy="168" r="20" fillOpacity="0.45" />
        <path d="M64 250a40 40 0 0 1 80 0z" fillOpacity="0.45" />
        <circle cx="256" cy="168" r="20" fillOpacity="0.45" />
        <path d="M216 250a40 40 0 0 1 80 0z" fillOpacity="0.45" />
        <circle cx="180" cy="178" r="24" fillOpacity="0.85" />
        <path d="M132 262a48 48 0 0 1 96 0z" fillOpacity="0.85" />
      </g>
      <path
        d="M40 262h280"
        stroke="currentColor"
        strokeOpacity="0.35"
        strokeWidth="4"
        strokeLinecap="round"
      />
    </svg>
  );
}
