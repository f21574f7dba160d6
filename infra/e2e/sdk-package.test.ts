// @mailwright/sdk as an integrator gets it: built, packed with `npm pack`, installed from the tarball into a scratch
// project outside the workspace, and used from there (ESM, CommonJS and the mailwright CLI, each in its own node
// process) to send through the whole stack's gateway; every email is checked at the SMTP sink.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, gatewayUrl, type SignedInUser, signUpVerified, uniqueEmail, waitForMail } from './support/api';
import { upgrade } from './support/checkout';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../..');
let scratch: string;
let tarball: string;
let user: SignedInUser;
let apiKey: string;
let sender: string;

function packSdk(into: string): string {
  execFileSync('npm', ['run', 'build', '-w', '@mailwright/sdk'], { cwd: repoRoot, stdio: 'pipe' });
  const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', into], {
    cwd: join(repoRoot, 'packages/sdk'),
    encoding: 'utf8',
  });
  const [{ filename, files }] = JSON.parse(packed) as [{ filename: string; files: { path: string }[] }];
  const paths = files.map((file) => file.path);
  expect(paths.every((path) => path.startsWith('dist/') || ['README.md', 'LICENSE', 'package.json'].includes(path))).toBe(true);
  expect(paths).toEqual(expect.arrayContaining(['dist/index.mjs', 'dist/index.cjs', 'dist/cli.cjs', 'dist/types/index.d.ts']));
  return join(into, filename);
}

/** Runs a node program in the scratch project with the stack's URL and the key in its environment. */
async function inScratch(file: string, args: string[] = [], env: Record<string, string> = {}) {
  const { stdout } = await run('node', [file, ...args], {
    cwd: scratch,
    env: { PATH: process.env.PATH ?? '', MAILWRIGHT_URL: gatewayUrl(), MAILWRIGHT_API_KEY: apiKey, ...env },
    timeout: 30_000,
  });
  return stdout.trim();
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'mailwright-sdk-'));
  tarball = packSdk(scratch);
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'sdk-scratch', private: true, version: '1.0.0' }));
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: scratch, stdio: 'pipe' });
  // The tarball brings nothing but itself: no workspace package, no dependency.
  expect(readdirSync(join(scratch, 'node_modules')).filter((name) => !name.startsWith('.'))).toEqual(['@mailwright']);
  expect(readdirSync(join(scratch, 'node_modules/@mailwright'))).toEqual(['sdk']);

  user = await signUpVerified('sdk-pack');
  sender = uniqueEmail('sdk-sender');
  const account = await api('/api/email-accounts/smtp', {
    token: user.token,
    body: {
      email: sender,
      displayName: 'SDK Sender',
      host: '127.0.0.1',
      port: inject('sinkSmtpPort'),
      secure: false,
      username: 'sdk-pack',
      password: 'smtp-password',
    },
  });
  expect(account.status).toBe(201);
  expect((await upgrade(user.token, 'pro')).verify.status).toBe(200);
  const key = await api<{ data: { key: string } }>('/api/api-keys', { token: user.token, body: { name: 'sdk' } });
  expect(key.status).toBe(201);
  apiKey = key.body.data.key;
}, 180_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the packed @mailwright/sdk outside the workspace', () => {
  it('sends with an attachment and an idempotency key from an ES module, then reads it back and pages the list', async () => {
    const to = uniqueEmail('sdk-esm');
    writeFileSync(
      join(scratch, 'send.mjs'),
      `import { Mailwright } from '@mailwright/sdk';
const mw = new Mailwright({ apiKey: process.env.MAILWRIGHT_API_KEY, baseUrl: process.env.MAILWRIGHT_URL });
const input = {
  to: [process.argv[2]],
  subject: 'From the ESM build',
  body: '<p>Sent by the packed SDK</p>',
  attachments: [{ filename: 'hello.txt', content: Buffer.from('hello from a tarball'), contentType: 'text/plain' }],
};
const first = await mw.emails.send(input, { idempotencyKey: process.argv[3] });
const again = await mw.emails.send(input, { idempotencyKey: process.argv[3] });
const read = await mw.emails.get(first.id);
const listed = [];
for await (const page of mw.emails.pages({ limit: 1, search: 'From the ESM build' })) listed.push(...page.data.map((email) => email.id));
console.log(JSON.stringify({ first: first.id, again: again.id, status: first.status, read: read.subject, listed }));
`,
    );
    const out = JSON.parse(await inScratch('send.mjs', [to, `sdk-esm-${Date.now()}`]));
    expect(out.first).toMatch(/^[0-9a-f-]{36}$/);
    expect(out.again).toBe(out.first);
    expect(out.read).toBe('From the ESM build');
    expect(out.listed).toEqual([out.first]);
    const mail = await waitForMail(to);
    expect(mail.subject).toBe('From the ESM build');
    expect(mail.html).toContain('Sent by the packed SDK');
    expect(mail.attachments).toEqual([
      { filename: 'hello.txt', contentType: 'text/plain', contentBase64: Buffer.from('hello from a tarball').toString('base64') },
    ]);
  });

  it('sends from CommonJS and answers errors by code', async () => {
    const to = uniqueEmail('sdk-cjs');
    writeFileSync(
      join(scratch, 'send.cjs'),
      `const { Mailwright, MailwrightError } = require('@mailwright/sdk');
const mw = new Mailwright({ apiKey: process.env.MAILWRIGHT_API_KEY, baseUrl: process.env.MAILWRIGHT_URL });
const wrongKey = new Mailwright({ apiKey: 'mw_not_a_key', baseUrl: process.env.MAILWRIGHT_URL });
(async () => {
  const email = await mw.emails.send({ to: [process.argv[2]], subject: 'From the CJS build', body: 'Sent by require()' });
  const failure = await wrongKey.emails.send({ to: [process.argv[2]], subject: 'x', body: 'x' }).catch((error) => error);
  console.log(JSON.stringify({ id: email.id, isError: failure instanceof MailwrightError, code: failure.code, status: failure.status }));
})();
`,
    );
    const out = JSON.parse(await inScratch('send.cjs', [to]));
    expect(out).toMatchObject({ isError: true, code: 'UNAUTHORIZED', status: 401 });
    expect((await waitForMail(to)).subject).toBe('From the CJS build');
  });

  it('gives TypeScript types to import and require (module node16, the declarations checked)', async () => {
    writeFileSync(
      join(scratch, 'check.mts'),
      `import { Mailwright, type Email, type ErrorCode } from '@mailwright/sdk';
const mw = new Mailwright({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' });
export const email: Promise<Email> = mw.emails.send({ to: ['a@example.com'], subject: 's', body: 'b' }, { idempotencyKey: 'k' });
export const code: ErrorCode = 'QUOTA_EXCEEDED';
// @ts-expect-error a misspelt field is refused
mw.emails.send({ to: ['a@example.com'], subjet: 'typo' });
`,
    );
    writeFileSync(
      join(scratch, 'check.cts'),
      `import sdk = require('@mailwright/sdk');
const mw = new sdk.Mailwright({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1' });
const valid: boolean = mw.webhooks.verifySignature('whsec_x', '{}', 't=1,v1=ab');
export = { valid, status: (error: sdk.MailwrightError) => error.status };
`,
    );
    writeFileSync(
      join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'node16', strict: true, noEmit: true, lib: ['ES2022', 'DOM'], types: [], skipLibCheck: false },
        files: ['check.mts', 'check.cts'],
      }),
    );
    await run('node', [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', scratch], { cwd: scratch });
  });

  it("carries the same types as the served OpenAPI document's named schemas", async () => {
    const fromDocument = join(scratch, 'from-document.ts');
    execFileSync(
      'npx',
      ['tsx', 'scripts/generate-types.mts', '--from', `${gatewayUrl()}/api/openapi.json`, '--out', fromDocument],
      { cwd: join(repoRoot, 'packages/sdk'), stdio: 'pipe' },
    );
    const shipped = join(repoRoot, 'packages/sdk/src/generated/api-schemas');
    const names = [
      'Email',
      'EmailStatus',
      'EmailTag',
      'BatchItemResult',
      'BatchSendResponse',
      'Pagination',
      'Template',
      'ApiKey',
    ];
    // Each is the document's own component, not the contract fallback the generator adds for names it lacks.
    const document = (await (await fetch(`${gatewayUrl()}/api/openapi.json`)).json()) as { components: { schemas: object } };
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(names));
    writeFileSync(
      join(scratch, 'same-types.ts'),
      `import type { components as Served } from './from-document';
import type { components as Shipped } from ${JSON.stringify(shipped)};
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
${names.map((name) => `export const same${name}: Same<Served['schemas']['${name}'], Shipped['schemas']['${name}']> = true;`).join('\n')}
`,
    );
    await run(
      'node',
      [
        join(repoRoot, 'node_modules/typescript/bin/tsc'),
        '--noEmit',
        '--strict',
        '--skipLibCheck',
        join(scratch, 'same-types.ts'),
      ],
      { cwd: scratch },
    );
  });

  it('sends, shows the log and lists the keys with the mailwright CLI from the package bin', async () => {
    const to = uniqueEmail('sdk-cli');
    const html = join(scratch, 'mail.html');
    writeFileSync(html, '<h1>From the CLI</h1>');
    const out = await inScratch('node_modules/.bin/mailwright', [
      'send',
      '--to',
      to,
      '--subject',
      'CLI send',
      '--html-file',
      html,
    ]);
    expect(out).toMatch(/^[0-9a-f-]{36} (queued|sending|sent)$/);
    const mail = await waitForMail(to);
    expect(mail.subject).toBe('CLI send');
    expect(mail.html).toContain('<h1>From the CLI</h1>');
    const id = out.split(' ')[0] ?? '';
    expect(await inScratch('node_modules/.bin/mailwright', ['logs', '--limit', '100'])).toContain(id);
    const keys = await inScratch('node_modules/.bin/mailwright', ['keys'], { MAILWRIGHT_TOKEN: user.token });
    expect(keys).toMatch(/ sdk {2}\S+ {2}active {2}last used /);
    expect(readFileSync(join(scratch, 'node_modules/@mailwright/sdk/package.json'), 'utf8')).toContain('"license": "MIT"');
  });
});
