// Draws the site's raster images from HTML and SVG in the system Chromium: the 1200×630 share
// image (public/og-image.png) and the 180×180 home-screen icon (public/apple-touch-icon.png).
// Run after changing the design: node apps/web/scripts/make-share-images.mjs
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

const here = path.dirname(fileURLToPath(import.meta.url));
const publicDir = path.join(here, "../public");
// Inlined: a page made with setContent may not load files from disk.
const fontFile = path.join(
  here,
  "../../../node_modules/@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2",
);
const font = `data:font/woff2;base64,${fs.readFileSync(fontFile).toString("base64")}`;

const mark = (size) => `
<svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true">
  <circle cx="16" cy="16" r="15" fill="#1d7765" opacity="0.14"/>
  <path d="M8 18a8 8 0 0 1 16 0z" fill="#1d7765"/>
  <path d="M7 21.5h18M10 25h12" stroke="#1d7765" stroke-width="2" stroke-linecap="round"/>
</svg>`;

const shareImage = `<!doctype html>
<html><head><style>
@font-face { font-family: Nunito; src: url(${font}) format("woff2"); font-weight: 200 1000; }
* { box-sizing: border-box; margin: 0; }
body { width: 1200px; height: 630px; overflow: hidden; font-family: Nunito, sans-serif; color: #24292c;
  background:
    radial-gradient(circle at 78% 42%, rgb(29 119 101 / 22%), transparent 42%),
    radial-gradient(circle at 8% 100%, rgb(232 180 138 / 38%), transparent 45%),
    #faf6f0; }
.text { position: absolute; left: 84px; top: 84px; width: 640px; }
.brand { display: flex; align-items: center; gap: 14px; font-size: 40px; font-weight: 800; letter-spacing: -0.01em; }
h1 { margin-top: 64px; font-size: 76px; line-height: 1.04; font-weight: 800; letter-spacing: -0.02em; text-wrap: balance; }
p { margin-top: 28px; font-size: 30px; line-height: 1.35; color: #585f64; }
svg.art { position: absolute; right: 40px; top: 95px; width: 470px; height: 440px; color: #1d7765; }
</style></head><body>
<div class="text">
  <div class="brand">${mark(56)} Serene</div>
  <h1>Find your calm, one breath at a time</h1>
  <p>Guided meditation, sleep and stress relief.</p>
</div>
<svg class="art" viewBox="0 0 400 360">
  <circle cx="200" cy="165" r="118" fill="none" stroke="currentColor" stroke-opacity="0.18" stroke-width="2"/>
  <circle cx="200" cy="165" r="86" fill="none" stroke="currentColor" stroke-opacity="0.28" stroke-width="2"/>
  <circle cx="200" cy="165" r="54" fill="currentColor" fill-opacity="0.85"/>
  <path d="M292 72a22 22 0 1 0 22 30 18 18 0 1 1-22-30z" fill="currentColor" fill-opacity="0.55"/>
  <circle cx="96" cy="88" r="3" fill="currentColor" fill-opacity="0.5"/>
  <circle cx="128" cy="52" r="2" fill="currentColor" fill-opacity="0.4"/>
  <circle cx="322" cy="150" r="2.5" fill="currentColor" fill-opacity="0.45"/>
  <g fill="none" stroke="currentColor" stroke-linecap="round" stroke-width="6">
    <path d="M40 262c40-22 80-22 120 0s80 22 120 0 80-22 120 0" stroke-opacity="0.5"/>
    <path d="M70 298c34-18 66-18 100 0s66 18 100 0 66-18 100 0" stroke-opacity="0.3"/>
    <path d="M110 330c26-12 52-12 78 0s52 12 78 0 52-12 78 0" stroke-opacity="0.18"/>
  </g>
</svg>
</body></html>`;

const touchIcon = `<!doctype html>
<html><head><style>
* { margin: 0; }
body { width: 180px; height: 180px; display: grid; place-items: center; background: #faf6f0; }
</style></head><body>${mark(150)}</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
try {
  for (const [html, width, height, file] of [
    [shareImage, 1200, 630, "og-image.png"],
    [touchIcon, 180, 180, "apple-touch-icon.png"],
  ]) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.setContent(html, { waitUntil: "load" });
    // Runs in the page, where `document` exists.
    await page.evaluate(() => globalThis.document.fonts.ready);
    await page.screenshot({ path: path.join(publicDir, file) });
    await page.close();
    console.log(`wrote public/${file}`);
  }
} finally {
  await browser.close();
}
