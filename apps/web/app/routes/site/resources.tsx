import resourcesCss from "./resources.css?inline";
import { Link } from "react-router";
import { PageIntro } from "../../components/ui/page-intro";
import { CoverArt } from "../../features/showcase/components/cover-art";
import { EpisodeCard } from "../../features/showcase/components/episode-card";
import { curatedResources, featuredResource } from "../../features/showcase/showcase";
import { type PageInfo, publicPageMeta } from "../../lib/meta";
import type { Route } from "./+types/resources";
import { InlineCss } from "../../components/ui/inline-css";
import { staticPage } from "../../lib/static-page";

const page: PageInfo = {
  title: "Resources",
  description: "A featured session and curated listening to help you relax, sleep and focus.",
};

export const meta: Route.MetaFunction = () => publicPageMeta(page, "/resources");

export const handle = staticPage;

export default function Resources() {
  const featured = featuredResource;
  return (
    <>
      <InlineCss name="resources" css={resourcesCss} />
      <PageIntro {...page} />

      <section className="featured" aria-labelledby="featured-title">
        <CoverArt tone={featured.tone} motif={featured.motif} className="featured__cover" />
        <div className="featured__body">
          <p className="eyebrow">Featured</p>
          <h2 id="featured-title">{featured.title}</h2>
          <p className="featured__meta">
            {featured.kind} · <span aria-hidden="true">{featured.duration}</span>
            <span className="visually-hidden">{featured.durationLabel}</span> · with {featured.host}
          </p>
          <p>{featured.summary}</p>
          <Link className="button" to="/host">
            Listen in the app
          </Link>
        </div>
      </section>

      <section className="section" aria-labelledby="curated-title">
        <div className="section__head">
          <h2 id="curated-title">Curated for you</h2>
          <p>
            Hand-picked sessions for the moments that ask the most of you. All of them are in the Serene app.
          </p>
        </div>
        <ul className="card-grid">
          {curatedResources.map((resource) => (
            <li key={resource.title}>
              <EpisodeCard episode={resource} />
            </li>
          ))}
        </ul>
      </section>

      <section className="section cta-band" aria-labelledby="resources-cta-title">
        <div>
          <h2 id="resources-cta-title">Hundreds more sessions in the app</h2>
          <p>New meditations, stories and soundscapes arrive every week.</p>
        </div>
        <Link className="button button--large" to="/host">
          Get the app
        </Link>
      </section>
    </>
  );
}
