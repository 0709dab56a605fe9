import storeBadgeCss from "./store-badge.css?inline";
import { InlineCss } from "../../../components/ui/inline-css";

const stores = {
  "app-store": { small: "Download on the", name: "App Store" },
  "google-play": { small: "Get it on", name: "Google Play" },
} as const;

/** A link to the app in one store, drawn as a store badge. Its name reads "Download on the App Store". */
export function StoreBadge({
  store,
  href,
  quiet = false,
}: {
  store: keyof typeof stores;
  href: string;
  quiet?: boolean;
}) {
  const { small, name } = stores[store];
  return (
    <a className={quiet ? "store-badge store-badge--quiet" : "store-badge"} href={href} rel="noopener">
      <InlineCss name="store-badge" css={storeBadgeCss} />
      <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
        <rect
          x="6"
          y="2.5"
          width="12"
          height="19"
          rx="3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        />
        <path
          d="M12 7.5v7m-3-3 3 3 3-3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="store-badge__text">
        <span className="store-badge__small">{small}</span> <span className="store-badge__name">{name}</span>
      </span>
    </a>
  );
}
