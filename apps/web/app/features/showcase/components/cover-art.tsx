import type { ReactNode } from "react";
import { InlineCss } from "../../../components/ui/inline-css";
import coverArtCss from "./cover-art.css?inline";
import type { CoverMotif, CoverTone } from "../showcase";

/** An episode's cover: a soft gradient with one drawn motif. Decorative. */
export function CoverArt({
  tone,
  motif,
  className,
}: {
  tone: CoverTone;
  motif: CoverMotif;
  className?: string;
}) {
  return (
    <div className={`cover cover--${tone} ${className ?? ""}`} aria-hidden="true">
      <InlineCss name="cover-art" css={coverArtCss} />
      <svg viewBox="0 0 320 180" preserveAspectRatio="xMidYMid slice" focusable="false">
        {motifs[motif]}
      </svg>
    </div>
  );
}

const motifs: Record<CoverMotif, ReactNode> = {
  sun: (
    <>
      <circle cx="160" cy="118" r="46" fill="#fff" fillOpacity="0.55" />
      <circle cx="160" cy="118" r="70" fill="none" stroke="#fff" strokeOpacity="0.35" strokeWidth="2" />
      <path d="M0 150h320v30H0z" fill="#fff" fillOpacity="0.25" />
    </>
  ),
  moon: (
    <>
      <path d="M196 46a40 40 0 1 0 34 56 32 32 0 1 1-34-56z" fill="#fff" fillOpacity="0.8" />
      <circle cx="78" cy="52" r="2.5" fill="#fff" fillOpacity="0.7" />
      <circle cx="112" cy="96" r="1.8" fill="#fff" fillOpacity="0.6" />
      <circle cx="262" cy="40" r="2" fill="#fff" fillOpacity="0.6" />
      <circle cx="58" cy="128" r="1.6" fill="#fff" fillOpacity="0.5" />
    </>
  ),
  waves: (
    <g fill="none" stroke="#fff" strokeLinecap="round" strokeWidth="5">
      <path d="M-10 90c30-18 60-18 90 0s60 18 90 0 60-18 90 0 60 18 90 0" strokeOpacity="0.6" />
      <path d="M-10 122c30-18 60-18 90 0s60 18 90 0 60-18 90 0 60 18 90 0" strokeOpacity="0.4" />
      <path d="M-10 154c30-18 60-18 90 0s60 18 90 0 60-18 90 0 60 18 90 0" strokeOpacity="0.25" />
    </g>
  ),
  hills: (
    <>
      <circle cx="238" cy="58" r="22" fill="#fff" fillOpacity="0.6" />
      <path d="M0 132c60-40 110-44 170-14s110 24 150-6v68H0z" fill="#fff" fillOpacity="0.35" />
      <path d="M0 156c70-26 130-26 190-4s100 12 130-4v32H0z" fill="#fff" fillOpacity="0.35" />
    </>
  ),
  rings: (
    <g fill="none" stroke="#fff">
      <circle cx="160" cy="90" r="22" fill="#fff" fillOpacity="0.6" stroke="none" />
      <circle cx="160" cy="90" r="44" strokeOpacity="0.55" strokeWidth="2.5" />
      <circle cx="160" cy="90" r="68" strokeOpacity="0.35" strokeWidth="2" />
      <circle cx="160" cy="90" r="94" strokeOpacity="0.2" strokeWidth="2" />
    </g>
  ),
};
