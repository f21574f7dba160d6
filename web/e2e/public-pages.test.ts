// Every public page at 375 px and 1440 px: renders, fits the width, carries its required content,
// and leaves a full-page screenshot in web/test-artifacts/screenshots/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, launchBrowser, newPage, saveScreenshot, type ViewportName } from './support/browser';

const pages: Array<{ path: string; name: string; heading: string | RegExp }> = [
  { path: '/', name: 'landing', heading: /Send, schedule and track email/ },
  { path: '/login', name: 'login', heading: 'Welcome back' },
  { path: '/signup', name: 'signup', heading: 'Create your account' },
  { path: '/forgot-password', name: 'forgot-password', heading: 'Forgot your password?' },
  { path: '/reset-password/example-token-123', name: 'reset-password', heading: 'Set a new password' },
  { path: '/docs', name: 'docs', heading: 'Documentation' },
  { path: '/pricing', name: 'pricing', heading: 'Choose Your Plan' },
  { path: '/about', name: 'about', heading: 'About Mailwright' },
  { path: '/contact', name: 'contact', heading: 'Contact Us' },
  { path: '/privacy', name: 'privacy', heading: 'Privacy Policy' },
  { path: '/terms', name: 'terms', heading: 'Terms of Service' },
  { path: '/blog', name: 'blog', heading: 'Mailwright Blog' },
  { path: '/no-such-page', name: 'not-found', heading: 'Unexpected Application Error' },
];

let browser: Browser;
/**
 * One visitor's tab per width, which every test of the file navigates: none of these pages keeps state, and a fresh
 * browser context costs Chromium about three times the CPU of the page it shows (some 2 s here).
 */
const tabs = new Map<ViewportName, Page>();
beforeAll(async () => {
  browser = await launchBrowser();
  for (const viewport of ['mobile', 'desktop'] as const) tabs.set(viewport, (await newPage(browser, viewport)).page);
});
afterAll(async () => {
  await browser?.close();
});

async function open(path: string, viewport: ViewportName = 'desktop'): Promise<Page> {
  const page = tabs.get(viewport) as Page;
  await page.goto(path);
  // Each page is its own chunk: wait until it has rendered (its h1), not just until the document loaded.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

describe.each(['mobile', 'desktop'] as const)('public pages at %s width', (viewport) => {
  it.each(pages)('$path renders without sideways overflow', async ({ path, name, heading }) => {
    const page = await open(path, viewport);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    if (path === '/pricing') await page.getByTestId('plan-pro').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `${name}-${viewport === 'mobile' ? 375 : 1440}`);
  });
});

describe('public page content', () => {
  it('landing: top bar, hero actions, six features, three plans, footer links', async () => {
    const page = await open('/');
    const topBar = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Docs', '/docs'],
      ['Login', '/login'],
      ['Get Started', '/signup'],
    ]) {
      expect(await topBar.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await page.getByRole('link', { name: 'Start Free Trial' }).first().getAttribute('href')).toBe('/signup');
    expect(await page.getByRole('link', { name: 'View Docs' }).getAttribute('href')).toBe('/docs');
    expect(await page.locator('section[aria-labelledby="features-title"] article').count()).toBe(6);
    for (const [id, price] of [
      ['free', '₹0'],
      ['pro', '₹29'],
      ['enterprise', '₹99'],
    ]) {
      expect(await page.getByTestId(`landing-plan-${id}`).textContent()).toContain(price);
    }
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/docs', '/pricing', '/about', '/blog', '/contact', '/privacy', '/terms']);
  });

  it('pricing: the stored plans in rupees a month, Pro marked Most Popular, buttons to /signup', async () => {
    const page = await open('/pricing');
    const pro = page.getByTestId('plan-pro');
    await pro.waitFor();
    expect(await pro.textContent()).toContain('Most Popular');
    expect(await pro.textContent()).toMatch(/₹\d+\/month/);
    expect(await page.locator('[data-testid^="plan-"]').count()).toBe(3);
    expect(await pro.getByRole('link').getAttribute('href')).toBe('/signup');
  });

  it('blog: six articles, seven category tabs and a newsletter form that stays put', async () => {
    const page = await open('/blog');
    expect(await page.getByTestId('blog-article').count()).toBe(6);
    expect(await page.getByRole('tab').allTextContents()).toEqual([
      'All',
      'Tutorial',
      'Best Practices',
      'Analytics',
      'Development',
      'Design',
      'Enterprise',
    ]);
    await page.getByLabel('Email address').fill('reader@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect(new URL(page.url()).pathname).toBe('/blog');
  });

  it.each(['/privacy', '/terms'])('%s: dated January 1, 2025 and states the minimum age of 13', async (path) => {
    const page = await open(path);
    const text = await page.locator('article').textContent();
    expect(text).toContain('Last updated: January 1, 2025');
    expect(text).toContain('13 years old');
  });

  it('docs: links home and to the dashboard, and documents POST /api/emails/api/send with X-API-Key', async () => {
    const page = await open('/docs');
    expect(await page.getByRole('link', { name: '← Home' }).getAttribute('href')).toBe('/');
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    const text = await page.locator('article').textContent();
    for (const fragment of ['/api/emails/api/send', 'X-API-Key', 'templateId', 'scheduledAt', '{{name}}', 'Rate limits']) {
      expect(text).toContain(fragment);
    }
  });

  it('contact: simulates sending, confirms and clears the form', async () => {
    const page = await open('/contact');
    const field = (name: string) => page.getByRole('textbox', { name, exact: true });
    await field('Name').fill('Ada');
    await field('Email').fill('ada@example.com');
    await field('Subject').fill('Hello');
    await field('Message').fill('Just saying hi');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText("Message sent! We'll get back to you soon.").waitFor();
    for (const name of ['Name', 'Email', 'Subject', 'Message']) expect(await field(name).inputValue()).toBe('');
  });
});
