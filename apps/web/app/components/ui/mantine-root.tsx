import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import {
  ColorSchemeScript,
  type CSSVariablesResolver,
  createTheme,
  darken,
  MantineProvider,
  virtualColor,
} from "@mantine/core";
import { useNotifications } from "@mantine/notifications";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { accentShade, accentShades } from "../../lib/brand";

const theme = createTheme({
  primaryColor: "serene",
  primaryShade: accentShade,
  autoContrast: true,
  colors: {
    accent: accentShades,
    // Virtual, so filled buttons get text that contrasts per scheme: white on the light
    // theme's deep teal, dark on the dark theme's mint (as on the public site).
    serene: virtualColor({ name: "serene", light: "accent", dark: "accent" }),
    // Warm, slightly green-tinted darks, matching the public site's dark theme.
    dark: [
      "#ebe7e1",
      "#c9ccce",
      "#9aa1a5",
      "#737b80",
      "#3f484c",
      "#343c40",
      "#273034",
      "#1c2225",
      "#171c1f",
      "#111517",
    ],
  },
  black: "#24292c",
  fontFamily: "var(--font-sans)",
  headings: { fontFamily: "var(--font-sans)", fontWeight: "800" },
  defaultRadius: "md",
  components: {
    // A dialog's or drawer's header is no banner landmark: as <header> inside the dialog (a section
    // given role="dialog"), axe counts it as a second banner beside the page's own.
    ModalHeader: { defaultProps: { component: "div" } },
    DrawerHeader: { defaultProps: { component: "div" } },
    // A spinner is named by its aria-label ("Loading your downloads"); a name is only allowed on an
    // element with a role, and "status" is the one that says what a spinner is.
    Loader: { defaultProps: { role: "status" } },
    // The show/hide button of a password is reachable by keyboard (Mantine takes it out of the tab order).
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { "aria-label": "Show password" },
      },
    },
  },
});

// Mantine's default dimmed grey and error red are 3.3:1 on white, its placeholder grey 2.1:1 (a
// file field's placeholder is text, not a placeholder attribute); these pass WCAG AA. So does the
// text of light badges and buttons (shade 9 on shade 1 is 2.7:1 for yellow): darkened, it passes
// even on the hover shade 2.
const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "#5f666d",
    "--mantine-color-placeholder": "#6f767c",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    ...Object.fromEntries(
      Object.entries(mantineTheme.colors).map(([name, shades]) => [
        `--mantine-color-${name}-light-color`,
        darken(shades[9], 0.3),
      ]),
    ),
  },
  dark: { "--mantine-color-placeholder": "var(--mantine-color-dark-2)" },
});

// The toasts' container (with its transitions) is not part of a page's first code: it loads with the
// first toast, which waits in Mantine's store meanwhile and then shows.
const Notifications = lazy(() =>
  import("@mantine/notifications").then((module) => ({ default: module.Notifications })),
);

function Toasts() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}

/**
 * Mantine with Serene's theme, colour scheme following the system, and toasts. The back office,
 * its sign-in page and the listener app use it, so public pages never load Mantine. The back
 * office adds its confirm dialogs (ModalsProvider) itself: the listener app has none.
 */
export function MantineRoot({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      {/* In a prerendered page (the listener's sign-in), the scheme is set before the first paint;
          a page rendered in the browser sets it as the provider mounts (React does not run it). */}
      <ColorSchemeScript defaultColorScheme="auto" />
      <Toasts />
      {children}
    </MantineProvider>
  );
}
