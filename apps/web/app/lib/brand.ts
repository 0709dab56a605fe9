/**
 * Serene's one accent colour, shared by the public site (as CSS custom properties) and the
 * back office (as the Mantine primary colour), so both faces stay the same teal.
 */
export const accentShades = [
  "#e7f6f2",
  "#d0ece5",
  "#a3d8cb",
  "#72c2af",
  "#4aae96",
  "#33a088",
  "#279077",
  "#1d7765",
  "#136455",
  "#064f43",
] as const;

/**
 * Shade used for links and filled buttons. Light: 5.4:1 with white text and 5:1 on the cream
 * page. Dark: 8.5:1 on the dark page, with dark text on filled buttons.
 */
export const accentShade = { light: 7, dark: 3 } as const;

/** The accent as custom properties for plain CSS (`--accent`, `--accent-soft`, `--on-accent`). */
export const accentCssVariables = [
  `:root{--accent:${accentShades[accentShade.light]};--accent-strong:${accentShades[8]};--accent-soft:${accentShades[0]};--on-accent:#ffffff}`,
  `@media (prefers-color-scheme: dark){:root{--accent:${accentShades[accentShade.dark]};--accent-strong:${accentShades[2]};--accent-soft:#1b3430;--on-accent:#10221e}}`,
].join("");
