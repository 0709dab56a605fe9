/** A visitor's operating system, as far as the browser tells. */
export interface DetectedSystem {
  /** Shown to the visitor, e.g. "iOS". */
  name: string;
  /** Apple systems get the App Store; everything else Google Play. */
  store: "app-store" | "google-play";
}

/**
 * Reads the system from the user-agent string. iPadOS asks for desktop sites and then reports
 * itself as a Mac, so a "Macintosh" with a touch screen is an iPad. Undefined when unknown.
 */
export function detectSystem(userAgent: string, maxTouchPoints = 0): DetectedSystem | undefined {
  const apple = (name: string): DetectedSystem => ({ name, store: "app-store" });
  const other = (name: string): DetectedSystem => ({ name, store: "google-play" });
  if (/Android/i.test(userAgent)) return other("Android");
  if (/iPhone|iPod/i.test(userAgent)) return apple("iOS");
  if (/iPad/i.test(userAgent)) return apple("iPadOS");
  // Macs have no touch screen, so any touch points mean an iPad.
  if (/Macintosh|Mac OS X/i.test(userAgent)) return maxTouchPoints > 0 ? apple("iPadOS") : apple("macOS");
  if (/Windows/i.test(userAgent)) return other("Windows");
  if (/CrOS/i.test(userAgent)) return other("ChromeOS");
  if (/Linux|X11/i.test(userAgent)) return other("Linux");
  return undefined;
}
