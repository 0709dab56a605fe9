import { publicPageMeta } from "../../lib/meta";
import { PORTAL_PATH } from "../../features/business-portal/portal-context";

/** A portal section's title and address: kept out of search results (only the sign-in page is indexed). */
export const sectionMeta = (title: string, path: string) =>
  publicPageMeta(
    { title: `${title} · Business portal`, description: `The business portal's ${title.toLowerCase()}.` },
    `${PORTAL_PATH}/${path}`,
    { noindex: true },
  );
