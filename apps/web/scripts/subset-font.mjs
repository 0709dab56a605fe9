// Writes app/fonts/nunito.css, the @font-face rules root.tsx inlines, and
// app/fonts/nunito-basic-latin-wght.woff2, Nunito's Latin file (from @fontsource-variable/nunito)
// cut to the characters nearly every page uses: 24 KiB instead of 39.
//
// The faces are fontsource's, with two changes: font-display optional (root.tsx says why), and the
// full Latin face no longer covers what the cut one does, so a page downloads only the cut file
// unless its text has another Latin letter (é, ß…): then the full file too, as before. The weight
// axis is kept. Run after upgrading the font: node apps/web/scripts/subset-font.mjs
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import subsetFont from "subset-font";

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, "../app/fonts");
const fontsource = "@fontsource-variable/nunito";
const packageDir = path.dirname(createRequire(import.meta.url).resolve(`${fontsource}/package.json`));
const subsets = JSON.parse(fs.readFileSync(path.join(packageDir, "unicode.json"), "utf8"));
const cutName = "nunito-basic-latin-wght.woff2";

// Printable ASCII, and the typography and spaces the app's text and Intl's formats use:
// no-break, thin and narrow no-break spaces, © · × – — ‘ ’ “ ” • … €.
const basic = [
  [0x20, 0x7e],
  [0xa0, 0xa0],
  [0xa9, 0xa9],
  [0xb7, 0xb7],
  [0xd7, 0xd7],
  [0x2009, 0x2009],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x202f, 0x202f],
  [0x20ac, 0x20ac],
];

/** "U+0000-00FF,U+0131" → [[0, 255], [305, 305]] */
const parseRange = (text) =>
  text.split(",").map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    return [parseInt(from, 16), parseInt(to, 16)];
  });
const hex = (code) => code.toString(16).toUpperCase().padStart(4, "0");
const formatRange = (ranges) =>
  ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
/** The code points of `ranges` that `minus` does not hold, as ranges. */
function without(ranges, minus) {
  const out = [];
  for (const [from, to] of ranges) {
    let start = from;
    for (const [cutFrom, cutTo] of [...minus].sort((a, b) => a[0] - b[0])) {
      if (cutTo < start || cutFrom > to) continue;
      if (cutFrom > start) out.push([start, cutFrom - 1]);
      start = Math.max(start, cutTo + 1);
    }
    if (start <= to) out.push([start, to]);
  }
  return out;
}

const face = (src, unicodeRange) => `@font-face {
  font-family: "Nunito Variable";
  font-style: normal;
  font-display: optional;
  font-weight: 200 1000;
  src: url("${src}") format("woff2-variations");
  unicode-range: ${unicodeRange};
}
`;

const latinFile = path.join(packageDir, "files/nunito-latin-wght-normal.woff2");
const text = basic
  .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
  .join("");
const cut = await subsetFont(fs.readFileSync(latinFile), text, { targetFormat: "woff2" });

const faces = Object.entries(subsets).map(([subset, range]) =>
  face(
    `${fontsource}/files/nunito-${subset}-wght-normal.woff2`,
    formatRange(subset === "latin" ? without(parseRange(range), basic) : parseRange(range)),
  ),
);
fs.mkdirSync(outDir, { recursive: true });
fs.writeFileSync(path.join(outDir, cutName), cut);
fs.writeFileSync(
  path.join(outDir, "nunito.css"),
  `/* Written by scripts/subset-font.mjs from ${fontsource}: do not edit. The cut face comes last. */\n` +
    [...faces, face(`./${cutName}`, formatRange(basic))].join("\n"),
);
console.log(`${cutName}: ${cut.length} bytes (the full Latin file: ${fs.statSync(latinFile).size})`);
