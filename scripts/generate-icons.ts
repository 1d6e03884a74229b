/**
 * Draws the app's icons (issue 24) from src/client/public/favicon.svg with the Chromium the
 * browser tests use, once: the PNGs are committed, so no build downloads or draws anything.
 * Run again after changing the favicon: `node --import tsx scripts/generate-icons.ts`.
 *
 * - icon-192.png, icon-512.png: the favicon as it is ("any").
 * - icon-maskable-512.png: the cross on a full-bleed square, inside the central 80% that every
 *   platform's mask keeps ("maskable").
 * - ../apple-touch-icon.png (180 px): the same full-bleed square, for iOS (issue 27 item 7).
 */
import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from '../e2e/support/find-chromium';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'src/client/public/icons');
const favicon = await readFile(path.join(root, 'src/client/public/favicon.svg'), 'utf8');

const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="#2f3f8f"/>
  <g transform="translate(32 32) scale(0.7) translate(-32 -32)">
    <path d="M32 12v40M18 26h28" stroke="#fff" stroke-width="7" stroke-linecap="round"/>
  </g>
</svg>`;

const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
try {
  await mkdir(outDir, { recursive: true });
  const draw = async (svg: string, size: number, file: string) => {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}</style>${sized}`);
    await page.screenshot({ path: path.join(outDir, file), omitBackground: true });
    await page.close();
  };
  await draw(favicon, 192, 'icon-192.png');
  await draw(favicon, 512, 'icon-512.png');
  await draw(maskable, 512, 'icon-maskable-512.png');
  // iOS's home-screen icon (linked from index.html): full-bleed, as iOS rounds the corners itself.
  await draw(maskable, 180, '../apple-touch-icon.png');
} finally {
  await browser.close();
}
