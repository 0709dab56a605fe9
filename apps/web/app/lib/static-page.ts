/**
 * The `handle` of a public page that works entirely without JavaScript (text and links only).
 * Its prerendered HTML carries no scripts at all, so it costs a visitor nothing to run; its links
 * are plain links. Reached by a client-side navigation from a page that has scripts, it renders
 * in the browser like any other page.
 */
export const staticPage = { static: true } as const;

export function isStaticPage(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "static" in handle && handle.static === true;
}
