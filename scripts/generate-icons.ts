// Renders the app icons the web app manifest names (public/icons/*.png) from public/favicon.svg with the
// Chromium the e2e tests drive, so no image library is needed. Run `npm run icons` after changing the SVG;
// the PNGs are committed (a few kB each).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { findBrowser } from "./find-browser.ts";

const root = path.resolve(import.meta.dirname, "..");
const svg = readFileSync(path.join(root, "public/favicon.svg"), "utf8");
/** The favicon's background, filling a maskable icon edge to edge. */
const BACKGROUND = "#065f46";

const ICONS = [
  { file: "icon-192.png", size: 192, isMaskable: false },
  { file: "icon-512.png", size: 512, isMaskable: false },
  // A maskable icon is cropped to any shape inside its central 80 %: the tree stays within 60 %.
  { file: "icon-maskable-512.png", size: 512, isMaskable: true },
];

const browser = await chromium.launch({ executablePath: findBrowser().executablePath });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const glyph = icon.isMaskable ? Math.round(icon.size * 0.6) : icon.size;
    await page.setContent(
      `<body style="margin:0;display:grid;place-items:center;width:${icon.size}px;height:${icon.size}px;background:${icon.isMaskable ? BACKGROUND : "transparent"}">` +
        `<img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}" width="${glyph}" height="${glyph}"></body>`,
    );
    const png = await page.screenshot({ omitBackground: !icon.isMaskable });
    writeFileSync(path.join(root, "public/icons", icon.file), png);
    console.log(`public/icons/${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}
