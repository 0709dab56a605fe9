import hostCss from "./host.css?inline";
import { StoreBadge } from "../../features/get-app/components/store-badge";
import { useSiteConfig } from "../../features/site-config/use-site-config";
import { type PageInfo, publicPageMeta } from "../../lib/meta";
import { enhancedPage } from "../../lib/static-page";
import pageScript from "../../page-scripts/host.ts?page-script";
import type { Route } from "./+types/host";
import { InlineCss } from "../../components/ui/inline-css";

const page: PageInfo = {
  title: "Get Started",
  description: "Get the Serene app on your phone and start listening in minutes.",
};

export const meta: Route.MetaFunction = () => publicPageMeta(page, "/host");

export const handle = enhancedPage(pageScript);

export default function Host() {
  const { appStoreUrl, playStoreUrl } = useSiteConfig();

  return (
    <>
      <InlineCss name="host" css={hostCss} />
      <section className="get-app" aria-labelledby="get-app-title">
        <div>
          <h1 id="get-app-title">{page.title}</h1>
          <p className="get-app__lede">
            {page.description} Free to download, with free sessions to begin with.
          </p>

          {/* Both stores until the page's script has read the visitor's system (page-scripts/host.ts). */}
          <div className="get-app__choice" data-system-choice="any">
            <p className="get-app__system">Serene is available for iPhone, iPad and Android:</p>
            <div className="get-app__badges">
              <StoreBadge store="app-store" href={appStoreUrl} />
              <StoreBadge store="google-play" href={playStoreUrl} />
            </div>
          </div>
          <div className="get-app__choice" data-system-choice="app-store" hidden>
            <p className="get-app__system">
              You are using <strong data-system-name />. Here is Serene for your device:
            </p>
            <StoreBadge store="app-store" href={appStoreUrl} />
            <p className="get-app__other">
              Using Android instead? <a href={playStoreUrl}>Get Serene on Google Play</a>
            </p>
          </div>
          <div className="get-app__choice" data-system-choice="google-play" hidden>
            <p className="get-app__system">
              You are using <strong data-system-name />. Here is Serene for your device:
            </p>
            <StoreBadge store="google-play" href={playStoreUrl} />
            <p className="get-app__other">
              Using an iPhone or iPad instead? <a href={appStoreUrl}>Get Serene on the App Store</a>
            </p>
          </div>
        </div>
        <PhoneArt />
      </section>

      <section className="section" aria-labelledby="first-steps-title">
        <div className="section__head">
          <h2 id="first-steps-title">Your first five minutes</h2>
        </div>
        <ol className="steps">
          <li>
            <h3>Create your account</h3>
            <p>
              Sign up with your e-mail address. If your employer gave you a code, redeem it in your profile.
            </p>
          </li>
          <li>
            <h3>Check in</h3>
            <p>Tell Serene how you feel and choose the topics that matter to you right now.</p>
          </li>
          <li>
            <h3>Press play</h3>
            <p>Start with a short session. Headphones help, but they are not required.</p>
          </li>
        </ol>
      </section>

      <section className="section two-columns" aria-labelledby="become-host-title">
        <div>
          <h2 className="section-title" id="become-host-title">
            Become a host
          </h2>
          <p>
            Are you a meditation teacher, therapist, coach, musician or sound designer? Share your sessions
            with Serene listeners. Open your profile in the app, choose <strong>Become a host</strong> and
            tell us a little about yourself and what you would like to create.
          </p>
          <p>
            We read every request and reply by e-mail. Once approved, you can upload your audio, and our team
            reviews each session before it is published.
          </p>
        </div>
        <ul className="host-perks">
          <li>Reach people who are looking for exactly what you make</li>
          <li>Keep ownership of your work</li>
          <li>See how often your sessions are played</li>
        </ul>
      </section>
    </>
  );
}

/** Decorative: a phone showing a calm sun over water. */
function PhoneArt() {
  return (
    <svg className="get-app__art" viewBox="0 0 260 360" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="phone-screen" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="currentColor" stopOpacity="0.18" />
          <stop offset="100%" stopColor="currentColor" stopOpacity="0.42" />
        </linearGradient>
      </defs>
      <circle cx="130" cy="180" r="128" fill="currentColor" fillOpacity="0.08" />
      <rect
        x="58"
        y="22"
        width="144"
        height="300"
        rx="26"
        style={{ fill: "var(--surface)" }}
        stroke="currentColor"
        strokeWidth="4"
      />
      <rect x="70" y="40" width="120" height="264" rx="16" fill="url(#phone-screen)" />
      <circle cx="130" cy="140" r="30" fill="currentColor" fillOpacity="0.85" />
      <circle
        cx="130"
        cy="140"
        r="48"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.3"
        strokeWidth="2"
      />
      <g fill="none" stroke="currentColor" strokeLinecap="round" strokeWidth="4">
        <path d="M82 214c16-9 32-9 48 0s32 9 48 0" strokeOpacity="0.55" />
        <path d="M92 236c13-7 25-7 38 0s25 7 38 0" strokeOpacity="0.35" />
      </g>
      <rect x="92" y="266" width="76" height="14" rx="7" fill="currentColor" fillOpacity="0.7" />
      <rect x="110" y="30" width="40" height="5" rx="2.5" fill="currentColor" fillOpacity="0.4" />
    </svg>
  );
}
