import homeCss from "./home.css?inline";
import { Link } from "react-router";
import { EpisodeCard } from "../../features/showcase/components/episode-card";
import { TopicIcon } from "../../features/showcase/components/topic-icon";
import { sampleEpisodes, topics } from "../../features/showcase/showcase";
import { type PageInfo, publicPageMeta } from "../../lib/meta";
import type { Route } from "./+types/home";
import { InlineCss } from "../../components/ui/inline-css";
import { staticPage } from "../../lib/static-page";

const page: PageInfo = {
  title: "Meditation, sleep and calm",
  description:
    "Guided meditations and soothing audio for sleep, stress and anxiety, in your pocket whenever you need a quiet moment.",
};

export const meta: Route.MetaFunction = () => publicPageMeta(page, "/");

export const handle = staticPage;

export default function Home() {
  return (
    <>
      <InlineCss name="home" css={homeCss} />
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__text">
          <h1 id="hero-title">Find your calm, one breath at a time</h1>
          <p>{page.description}</p>
          <div className="hero__actions">
            <Link className="button button--large" to="/host">
              Get Started
            </Link>
            <Link to="/business">Serene for your team</Link>
          </div>
        </div>
        <HeroArt />
      </section>

      <section className="section" aria-labelledby="topics-title">
        <div className="section__head">
          <h2 id="topics-title">What would you like to work on?</h2>
          <p>
            Tell the app how you feel and what matters to you. Serene shapes your listening around the topics
            you choose, and you can change them whenever you like.
          </p>
        </div>
        <ul className="topics">
          {topics.map((topic) => (
            <li key={topic.name} className="topic">
              <span className="topic__icon">
                <TopicIcon name={topic.icon} />
              </span>
              <span>
                <span className="topic__name">{topic.name}</span>
                <span className="topic__summary">{topic.summary}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="episodes-title">
        <div className="section__head">
          <h2 id="episodes-title">Press play on a calmer day</h2>
          <p>
            A few of the sessions waiting in the app: short resets, breathing for busy moments and long
            soundscapes for sleep.
          </p>
        </div>
        <ul className="card-grid">
          {sampleEpisodes.map((episode) => (
            <li key={episode.title}>
              <EpisodeCard episode={episode} />
            </li>
          ))}
        </ul>
        <p className="section__more">
          <Link to="/resources">Browse more resources</Link>
        </p>
      </section>

      <section className="section" aria-labelledby="how-title">
        <div className="section__head">
          <h2 id="how-title">A habit that fits your life</h2>
          <p>
            A gentle count of the days you listened, never a streak to keep up (hide it if you like), and
            nothing to get right. Just a few quiet minutes when you need them.
          </p>
        </div>
        <ol className="steps">
          <li>
            <h3>Check in</h3>
            <p>Say whether you feel happy, sad or angry today, and pick the topics you care about.</p>
          </li>
          <li>
            <h3>Listen</h3>
            <p>Meditations, breathing, sleep stories and soundscapes, from three minutes to an hour.</p>
          </li>
          <li>
            <h3>Come back</h3>
            <p>Return whenever the day gets loud. Your favourites are one tap away.</p>
          </li>
        </ol>
      </section>

      <section className="section cta-band" aria-labelledby="download-title">
        <div>
          <h2 id="download-title">Take Serene with you</h2>
          <p>
            Free to download for iPhone, iPad and Android. Start with the free sessions, upgrade when you are
            ready.
          </p>
        </div>
        <Link className="button button--large" to="/host">
          Download the app
        </Link>
      </section>
    </>
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
