// The /docs examples are copied with their Copy button and run for real against the server: the
// request passes the API's validation and key check, and the answer is the plan check of a free user.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgrade } from '../../infra/e2e/support/checkout';
import { launchBrowser, newPage, sinkUrl } from './support/browser';
import { apiCall, createVerifiedUser } from './support/mail';

const run = promisify(execFile);
let browser: Browser;
let apiKey: string;

beforeAll(async () => {
  browser = await launchBrowser();
  if (!sinkUrl) return;
  const user = await createVerifiedUser('docs');
  const login = await apiCall('/api/auth/login', { email: user.email, password: user.password });
  const token = String(login.body.token);
  // Keys are made on a plan with API access; back on free the key is refused by the plan check, which is what
  // these examples reach.
  await upgrade(token, 'pro');
  const created = await apiCall('/api/api-keys', { name: 'docs example' }, { token });
  apiKey = String((created.body.data as { key: string }).key);
  const downgraded = await apiCall('/api/payments/downgrade', { planId: 'free' }, { token });
  if (downgraded.status !== 200) throw new Error(`downgrade failed: ${downgraded.status}`);
});
afterAll(async () => {
  await browser?.close();
});

async function copyExample(page: Page, label: string): Promise<string> {
  await page.getByRole('button', { name: `Copy ${label}`, exact: true }).click();
  await page
    .getByRole('button', { name: `Copy ${label}`, exact: true })
    .getByText('Copied!')
    .waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

describe.skipIf(!sinkUrl)('docs examples', () => {
  it('the curl and Node examples reach POST /api/emails/api/send with a valid body and key', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/docs');

    const curl = await copyExample(page, 'curl');
    expect(curl).toContain(`${new URL(page.url()).origin}/api/emails/api/send`);
    const curlRun = await run('sh', ['-c', `${curl.replace('YOUR_API_KEY', apiKey)} -s -w '\\n%{http_code}'`]);
    const [curlBody, curlStatus] = curlRun.stdout.trim().split('\n').slice(-2);
    // A free plan has no API access: the plan check is the first thing after validation and the key.
    expect(curlStatus).toBe('403');
    expect(JSON.parse(curlBody ?? '{}').code).toBe('API_ACCESS_REQUIRED');

    const node = await copyExample(page, 'Node.js (fetch)');
    const dir = await mkdtemp(path.join(tmpdir(), 'mw-docs-'));
    await writeFile(path.join(dir, 'send.mjs'), node);
    const nodeRun = await run(process.execPath, ['send.mjs'], {
      cwd: dir,
      env: { ...process.env, MAILWRIGHT_API_KEY: apiKey },
    }).catch((error: { stderr: string }) => ({ stdout: '', stderr: error.stderr }));
    expect(nodeRun.stderr).toContain('Send failed (403): API access is available on the Pro and Enterprise plans.');

    const invalid = await run('sh', ['-c', `${curl.replace('YOUR_API_KEY', 'mw_live_not_a_key')} -s -w '\\n%{http_code}'`]);
    expect(invalid.stdout.trim().split('\n').at(-1)).toBe('401');
    await context.close();
  });
});
