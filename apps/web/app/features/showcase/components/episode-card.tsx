import episodeCardCss from "./episode-card.css?inline";
import type { Episode } from "../showcase";
import { CoverArt } from "./cover-art";
import { InlineCss } from "../../../components/ui/inline-css";

/** A listening item: cover, kind and duration, title, host and a line about it. */
export function EpisodeCard({ episode, headingLevel = 3 }: { episode: Episode; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="episode">
      <InlineCss name="episode-card" css={episodeCardCss} />
      <CoverArt tone={episode.tone} motif={episode.motif} className="episode__cover" />
      <div className="episode__body">
        <p className="episode__meta">
          <span>{episode.kind}</span>
          <span aria-hidden="true">·</span>
          <span>
            <span aria-hidden="true">{episode.duration}</span>
            <span className="visually-hidden">{episode.durationLabel}</span>
          </span>
        </p>
        <Heading className="episode__title">{episode.title}</Heading>
        <p className="episode__summary">{episode.summary}</p>
        <p className="episode__footer">
          <span className="episode__topic">{episode.topic}</span>
          <span className="episode__host">with {episode.host}</span>
        </p>
      </div>
    </article>
  );
}
