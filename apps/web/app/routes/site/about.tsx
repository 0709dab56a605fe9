import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageIntro } from "../../components/ui/page-intro";
import { type PageInfo, publicPageMeta } from "../../lib/meta";
import type { Route } from "./+types/about";
import { staticPage } from "../../lib/static-page";

const page: PageInfo = {
  title: "About us",
  description:
    "We make calm, practical audio that helps people sleep better and feel steadier, one quiet moment at a time.",
};

export const meta: Route.MetaFunction = () => publicPageMeta(page, "/about");

export const handle = staticPage;

const values: readonly { title: string; text: ReactNode }[] = [
  {
    title: "Calm is a skill",
    text: "Anyone can learn to settle a racing mind. We teach simple techniques you can use on a train, at your desk or in bed at 3 a.m.",
  },
  {
    title: "Kind, never preachy",
    text: "No guilt, no streaks to protect, no perfect way to meditate. Our voices speak to you like a friend who has been there.",
  },
  {
    title: "Grounded in evidence",
    text: "Our sessions draw on mindfulness, breathwork and cognitive techniques with research behind them, and are reviewed before they are published.",
  },
  {
    title: "Your data stays yours",
    text: (
      <>
        We collect what the app needs to work and nothing to sell. Read our{" "}
        <Link to="/privacy-policy">privacy policy</Link>, in plain words.
      </>
    ),
  },
];

export default function About() {
  return (
    <>
      <PageIntro {...page} />

      <div className="two-columns">
        <section aria-labelledby="story-title">
          <h2 className="section-title" id="story-title">
            Why we started Serene
          </h2>
          <p>
            Serene began with a simple observation: most people know they would feel better with a little more
            rest and a little less worry, but very few have the time or patience for a course in meditation.
            What they do have is a phone, a pair of headphones and a few spare minutes.
          </p>
          <p>
            So we built an audio companion for those minutes. You tell the app how you are feeling and what
            you would like to work on: sleep, anxiety, focus, confidence. Serene finds something worth
            listening to, whether that is a six-minute breathing exercise before a meeting or an hour of rain
            to fall asleep to.
          </p>
          <p>
            Today our library is made by a growing group of hosts: meditation teachers, therapists, musicians
            and sound designers who share our belief that calm should be easy to reach. If that sounds like
            you, you can <Link to="/host">become a host</Link> in the app.
          </p>
        </section>
        <aside className="note" aria-label="Not a replacement for care">
          <p>
            Serene supports everyday wellbeing. It is not a medical service and does not replace a doctor or
            therapist. If you are struggling or in crisis, please contact your local emergency number or a
            crisis line straight away.
          </p>
        </aside>
      </div>

      <section className="section" aria-labelledby="values-title">
        <div className="section__head">
          <h2 id="values-title">What we believe</h2>
        </div>
        <ul className="card-grid">
          {values.map((value) => (
            <li key={value.title} className="card">
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section cta-band" aria-labelledby="about-cta-title">
        <div>
          <h2 id="about-cta-title">Bring Serene to your workplace</h2>
          <p>A yearly subscription for every employee, with codes delivered straight to your inbox.</p>
        </div>
        <Link className="button button--large" to="/business">
          See Serene for Business
        </Link>
      </section>
    </>
  );
}
