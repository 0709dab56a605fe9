/**
 * The `handle` of a public page that works entirely without JavaScript (text, links and plain
 * HTML forms). Its prerendered HTML carries none of the React app's scripts, so it costs a visitor
 * nothing to run; its links are plain links and its forms post to the server. Reached by a
 * client-side navigation from a page that has scripts, it renders in the browser like any other page.
 */
export const staticPage = { static: true } as const;

/**
 * A static page with a small script of its own (imported with `?page-script`) that improves it
 * once the page has loaded: inline validation and sending a form without leaving the page, say.
 * Everything works before it arrives, so it is loaded only after the page's `load` event, never
 * in the way of the first paint.
 */
export function enhancedPage(script: string) {
  return { static: true, script } as const;
}

/** Whether a route's `handle` sets `key` to true. */
const says = (handle: unknown, key: string) =>
  typeof handle === "object" && handle !== null && (handle as Record<string, unknown>)[key] === true;

export function isStaticPage(handle: unknown): boolean {
  return says(handle, "static");
}

/** The page script a static page's `handle` names, if any. */
export function pageScript(handle: unknown): string | undefined {
  if (!isStaticPage(handle) || !("script" in (handle as object))) return undefined;
  const { script } = handle as { script: unknown };
  return typeof script === "string" ? script : undefined;
}

/**
 * The `handle` of a layout whose pages use Mantine (the listener app): prerendered, such a page
 * carries the order of Mantine's style layers as the browser-rendered pages' shell does.
 */
export const mantinePages = { mantine: true } as const;

/** Whether a matched route's `handle` says its pages use Mantine. */
export function usesMantine(handle: unknown): boolean {
  return says(handle, "mantine");
}

/**
 * The `handle` of the business portal's layout: Mantine pages, prerendered, whose HTML starts the
 * portal's first reads in its head (features/business-portal/early-reads.ts), as the shell does.
 */
export const portalPages = { mantine: true, portalReads: true } as const;

/** Whether a matched route's `handle` says its prerendered pages start the portal's first reads. */
export function startsPortalReads(handle: unknown): boolean {
  return says(handle, "portalReads");
}
