import { chromium } from 'playwright-core';

const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const [path, name, segH = '1300'] = process.argv.slice(2);
const p = await b.newPage({ viewport: { width: 375, height: 812 } });
await p.goto('http://localhost:4173' + path);
await p.waitForLoadState('networkidle');
const h = await p.evaluate(() => document.documentElement.scrollHeight);
const seg = Number(segH);
for (let y = 0, i = 0; y < h; y += seg, i++) {
  await p.screenshot({
    path: `/tmp/web-shots/${name}-${i}.png`,
    fullPage: true,
    clip: { x: 0, y, width: 375, height: Math.min(seg, h - y) },
  });
}
console.log(name, h);
await b.close();
