import { chromium } from 'playwright-core';

const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 375, height: 812 } });
await p.goto('http://localhost:4173/');
for (const sel of ['header nav', 'header nav > a', 'header nav > div'])
  console.log(sel, await p.locator(sel).first().boundingBox());
console.log(await p.getByRole('link', { name: 'Get Started', exact: true }).first().boundingBox());
await b.close();
