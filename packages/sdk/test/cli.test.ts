import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { Mailwright } from '../src';
import { keys, logs, send } from '../src/cli/commands';
import { fakeServer, json } from './fake-server';

let server: Awaited<ReturnType<typeof fakeServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const email = (id: string, status: string) => ({
  id,
  status,
  createdAt: `2030-01-01T00:00:0${id}Z`,
  to: ['a@example.com'],
  subject: `S${id}`,
});
const list = (...emails: unknown[]) =>
  json(200, { data: emails, pagination: { page: 1, limit: 20, total: emails.length, pages: 1 } });

describe('the mailwright CLI', () => {
  it('send posts the body of --html-file to every --to', async () => {
    server = await fakeServer([json(201, { data: { id: 'e1', status: 'queued' } })]);
    const lines: string[] = [];
    const mw = new Mailwright({ baseUrl: server.url, apiKey: 'k' });
    await send(
      mw,
      ['--to', 'a@example.com', '--to', 'b@example.com', '--subject', 'Hi', '--html-file', `${__dirname}/fixtures/mail.html`],
      (line) => lines.push(line),
    );
    expect(lines).toEqual(['e1 queued']);
    expect(server.requests[0]?.body).toEqual({
      to: ['a@example.com', 'b@example.com'],
      subject: 'Hi',
      body: '<p>From a file</p>\n',
    });
  });

  it('logs --follow polls and prints new emails and status changes once, oldest first', async () => {
    server = await fakeServer([
      list(email('2', 'queued'), email('1', 'sent')),
      list(email('3', 'queued'), email('2', 'sent'), email('1', 'sent')),
    ]);
    const lines: string[] = [];
    const stop = new AbortController();
    const mw = new Mailwright({ baseUrl: server.url, apiKey: 'k' });
    const following = logs(
      mw,
      ['--follow', '--interval', '0.05'],
      (line) => {
        lines.push(line);
        if (lines.length === 4) stop.abort();
      },
      stop.signal,
    );
    await following;
    expect(lines.map((line) => line.split(/\s+/).slice(1, 3).join(' '))).toEqual(['1 sent', '2 queued', '2 sent', '3 queued']);
    expect(server.requests[0]?.url).toBe('/api/emails/api?limit=20');
  });

  it('keys needs MAILWRIGHT_TOKEN and sends it as a bearer token', async () => {
    server = await fakeServer([
      json(200, { data: [{ id: 'k1', name: 'ci', key: 'mw_ab…wxyz', isActive: true, lastUsed: null }] }),
    ]);
    await expect(keys(new Mailwright({ baseUrl: server.url, apiKey: 'k' }), [], () => {})).rejects.toThrow(/MAILWRIGHT_TOKEN/);
    const lines: string[] = [];
    await keys(new Mailwright({ baseUrl: server.url, token: 'jwt' }), [], (line) => lines.push(line));
    expect(lines).toEqual(['k1  ci  mw_ab…wxyz  active  last used never']);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer jwt');
  });

  it('--help names the token the account commands need', async () => {
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/cli/main.ts', '--help'], { cwd: `${__dirname}/..` });
    expect(stdout).toContain("templates  The account's templates (needs MAILWRIGHT_TOKEN");
    expect(stdout).toContain('MAILWRIGHT_API_KEY');
  }, 60_000);
});
