import "./home.css";
import { Link } from "react-router";
import { type PageInfo, pageMeta } from "../../lib/meta";
import type { Route } from "./+types/home";

const page: PageInfo = {
  title: "Meditation, sleep and calm",
  description:
    "Guided meditations and soothing audio for sleep, stress and anxiety, in your pocket whenever you need a quiet moment.",
};

export const meta: Route.MetaFunction = () => pageMeta(page);

export default function Home() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__text">
        <h1 id="hero-title">Find your calm, one breath at a time</h1>
        <p>{page.description}</p>
        <div className="hero__actions">
          <Link className="button" to="/host">
            Get Started
          </Link>
          <Link to="/business">Serene for your team</Link>
        </div>
      </div>
      <HeroArt />
    </section>
  );
}

/** Decorative: a low sun and moon over slow waves, in soft tints of the accent. */
function HeroArt() {
  return (
    <svg className="hero__art" viewBox="0 0 400 360" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id="hero-glow" cx="50%" cy="45%" r="55%">
          <stop offset="0%" stopColor="currentColor" stopOpacity="0.28" />
          <stop offset="100%" stopColor="currentColor" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="200" cy="165" r="170" fill="url(#hero-glow)" />
      <circle
        cx="200"
        cy="165"
        r="118"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.18"
        strokeWidth="2"
      />
      <circle
        cx="200"
        cy="165"
        r="86"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.28"
        strokeWidth="2"
      />
      <circle cx="200" cy="165" r="54" fill="currentColor" fillOpacity="0.85" />
      <path d="M292 72a22 22 0 1 0 22 30 18 18 0 1 1-22-30z" fill="currentColor" fillOpacity="0.55" />
      <circle cx="96" cy="88" r="3" fill="currentColor" fillOpacity="0.5" />
      <circle cx="128" cy="52" r="2" fill="currentColor" fillOpacity="0.4" />
      <circle cx="322" cy="150" r="2.5" fill="currentColor" fillOpacity="0.45" />
      <g fill="none" stroke="currentColor" strokeLinecap="round" strokeWidth="6">
        <path d="M40 262c40-22 80-22 120 0s80 22 120 0 80-22 120 0" strokeOpacity="0.5" />
        <path d="M70 298c34-18 66-18 100 0s66 18 100 0 66-18 100 0" strokeOpacity="0.3" />
        <path d="M110 330c26-12 52-12 78 0s52 12 78 0 52-12 78 0" strokeOpacity="0.18" />
      </g>
    </svg>
  );
}
