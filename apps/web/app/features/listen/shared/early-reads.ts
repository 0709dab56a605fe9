/**
 * The listener app's first reads, sent while its code still loads: the shell of the
 * browser-rendered pages (__spa-fallback.html) runs `earlyReadsScript` as the HTML is parsed, which
 * asks for the profile on every signed-in page, the home and today's card on /listen and the item
 * on /listen/content/:id and /listen/series/:id, and as soon as the home or the item arrives, for
 * the covers the page opens with (its largest images), unless the browser is known to be signed out. The app's first request for each takes that
 * answer (`takeEarlyRead`, lib/early-reads.ts) rather than asking again; later ones ask the server. The script runs
 * on its own: the root, loaded by every page, carries it as text, given the endpoints' paths.
 */
import {
  accountsEndpoints,
  catalogueEndpoints,
  habitEndpoints,
  seriesEndpoints,
} from "@serene/contract/endpoints";
import { SIGNED_IN_COOKIE } from "@serene/contract/storage";
import { coverSizes, variantSrcSet } from "./image-variants";

/** The pages for signing in and up: no session to read there. */
export const accountPages = [
  "/listen/signin",
  "/listen/signup",
  "/listen/verify",
  "/listen/reset",
  "/listen/forgot",
  "/listen/redeem",
];

interface Section {
  key: string;
  items: { image: string | null }[];
  series?: { image: string | null }[];
}

/**
 * The home's sections as the page shows them: today's pick, continue listening, then the API's
 * order; series show while there are any, even all finished.
 */
export function homeOrder<S extends Section>(sections: S[]): S[] {
  const first = ["today", "continue"];
  const rank = (key: string) => (first.includes(key) ? first.indexOf(key) : first.length);
  return sections
    .filter((section) => section.items.length > 0 || (section.series?.length ?? 0) > 0)
    .sort((a, b) => rank(a.key) - rank(b.key));
}

/** The reads the shell sends early: their endpoints' paths (`:id`, the page's). */
const earlyPaths: Record<"me" | "home" | "today" | "content" | "series", string> = {
  me: accountsEndpoints.profile.path,
  home: catalogueEndpoints.home.path,
  today: habitEndpoints.today.path,
  content: catalogueEndpoints.get.path,
  series: seriesEndpoints.get.path,
};

/** Runs in the shell, on its own (stringified): only what it is given and the browser's globals. */
function startEarlyReads(
  api: typeof earlyPaths,
  accountPaths: string[],
  order: typeof homeOrder,
  srcSet: typeof variantSrcSet,
  sizes: typeof coverSizes,
  signedInHint: string,
) {
  const page = location.pathname.replace(/\/+$/, "") || "/";
  if (!/^\/listen(\/|$)/.test(page) || accountPaths.includes(page)) return;
  // Signed out (no hint beside the session cookie): every read would be refused, none is made.
  if (!document.cookie.split("; ").some((cookie) => cookie.startsWith(`${signedInHint}=`))) return;
  const paths = [api.me];
  // The home, and its Today card's pick, minutes and streak.
  if (page === "/listen") paths.push(api.home, api.today);
  // A content's page and a series' page: the item, whose cover is the page's largest image.
  const item = /^\/listen\/(content|series)\/([^/]+)$/.exec(page);
  const itemPath = item && api[item[1] as "content" | "series"].replace(":id", item[2] ?? "");
  if (itemPath) paths.push(itemPath);
  const reads: Record<string, Promise<Response>> = {};
  for (const path of paths) {
    const read = fetch(path, {
      headers: { Accept: "application/json", "X-App-Platform": "web" },
      credentials: "same-origin",
    });
    // Offline, the failure is the app's to show when it takes the read, not an unhandled one.
    read.catch(() => undefined);
    reads[path] = read;
  }
  window.__earlyReads = reads;
  // The covers the page opens with, as it will ask for them: their AVIF variants at the width
  // they show (CoverImage).
  const preloadCovers = (
    read: Promise<Response> | undefined,
    covers: (data: never) => { image: string | null | undefined; sizes: string }[],
  ) =>
    read
      ?.then((response) => (response.ok ? response.clone().json() : undefined))
      .then((answer: { data: never } | undefined) => {
        for (const found of answer ? covers(answer.data) : []) {
          const href = found.image;
          if (!href) continue;
          const variants = srcSet(href, "avif");
          const link = document.createElement("link");
          Object.assign(link, { rel: "preload", as: "image", href, fetchPriority: "high" });
          if (variants)
            Object.assign(link, { imageSrcset: variants, imageSizes: found.sizes, type: "image/avif" });
          document.head.append(link);
        }
      })
      .catch(() => undefined);
  // Home: today's pick, and the first cover of the first row below it (a series' or a content's):
  // the largest image on a phone's first screen.
  void preloadCovers(reads[api.home], (data: { sections: Section[] }) => {
    const sections = order(data.sections);
    const today = sections.find((section) => section.key === "today");
    const row = sections.find((section) => section.key !== "today");
    return [
      { image: today?.items[0]?.image, sizes: sizes.today },
      row?.series
        ? { image: row.series[0]?.image, sizes: sizes.series }
        : { image: row?.items[0]?.image, sizes: sizes.card },
    ];
  });
  if (itemPath) {
    void preloadCovers(reads[itemPath], (data: { image: string | null }) => [
      { image: data.image, sizes: sizes.page },
    ]);
  }
}

export const earlyReadsScript = `(${startEarlyReads.toString()})(${JSON.stringify(earlyPaths)},${JSON.stringify(accountPages)},${homeOrder.toString()},${variantSrcSet.toString()},${JSON.stringify(coverSizes)},${JSON.stringify(SIGNED_IN_COOKIE)})`;
