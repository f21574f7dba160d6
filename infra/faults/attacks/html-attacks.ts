// Attacks with HTML through the gateway: bodies built to stall a shared service with a quadratic scan
// (ReDoS: 1 MiB of '<a ', '<!--', '{{' ... sent as an email, saved and previewed as a template, rendered
// for sending) while another tenant's calls must still be answered, and HTML smuggled through template
// variables (a plain template's values must reach the recipient as text, an HTML template's escaped).
import { describe, expect, it } from 'vitest';
import { uniqueEmail, waitFor } from '../support/client';
import { attackContext, expectNoNewProblems, tally } from './attack-context';

const REDOS = 'ReDoS (1 MiB bodies)';
const INJECTION = 'HTML through variables';

const MIB = 1024 * 1024;
const fill = (unit: string, prefix = '') => `${prefix}${unit.repeat(Math.floor((MIB - prefix.length) / unit.length))}`;
const PATHOLOGICAL: Record<string, string> = {
  "'<a ' repeated": fill('<a '),
  "'<!--' repeated": fill('<!--'),
  "'<a href=' repeated": fill('<a href='),
  "'{{' repeated": fill('{{'),
  'an unclosed tag with a long attribute run': fill(' x=1', '<p'),
};
/**
 * One attack request (a 1 MiB upload through the gateway, stored) and one probe of another tenant. A quadratic scan
 * of 1 MiB is ~5·10^11 steps: minutes of a stalled service. Linear work takes 4.5 s for all 20 attacks on a quiet
 * machine, but `npm test` runs this beside the browser lane on 2 cores (load 15): a probe waited 2.1 s there for a
 * preview, so the bounds leave room for the CPU queue and still catch any stall.
 */
const ATTACK_BOUND_MS = 10_000;
const PROBE_BOUND_MS = 5_000;
const PROBE_TIMEOUT_MS = 20_000;

/** Alice's slowest answer, from the mail and templates services, while `attack` is in flight. */
async function slowestAnswerDuring(attack: Promise<unknown>): Promise<number> {
  const { client, alice } = attackContext();
  let settled = false;
  const done = attack.finally(() => {
    settled = true;
  });
  let slowest = 0;
  do {
    const start = Date.now();
    const answers = await Promise.all(
      ['/api/emails?limit=1', '/api/templates'].map((path) =>
        client.call(path, { token: alice.token, timeoutMs: PROBE_TIMEOUT_MS }).then(
          (response) => response.status,
          () => 0,
        ),
      ),
    );
    slowest = Math.max(slowest, answers.every((status) => status === 200) ? Date.now() - start : PROBE_TIMEOUT_MS);
  } while (!settled);
  await done.catch(() => undefined);
  return slowest;
}

/** Runs one attack request, timing it and the other tenant's answers meanwhile; tallies both. */
async function attackAndProbe(what: string, request: () => Promise<{ status: number; text: string }>) {
  const start = Date.now();
  const attack = request().then(
    (response) => ({ ...response, ms: Date.now() - start }),
    (error: unknown) => ({ status: 0, text: String(error), ms: Date.now() - start }),
  );
  const slowest = await slowestAnswerDuring(attack);
  const response = await attack;
  const answered = response.status > 0 && response.status < 500 && response.ms < ATTACK_BOUND_MS;
  tally(REDOS, answered, response.status, `${what} answered in ${response.ms} ms: ${response.text.slice(0, 120)}`);
  tally(REDOS, slowest < PROBE_BOUND_MS, 200, `another tenant waited ${slowest} ms during ${what}`);
  return response;
}

export function describeAttacks(): void {
  describe('html', () => {
    it('answers 1 MiB pathological bodies quickly and keeps serving other tenants meanwhile', async () => {
      await expectNoNewProblems(async () => {
        const { client, bob } = attackContext();
        for (const [pattern, body] of Object.entries(PATHOLOGICAL)) {
          const to = [uniqueEmail('redos', 'sink.test')];
          await attackAndProbe(`an email of ${pattern}`, () =>
            client.call('/api/emails/send', { token: bob.token, body: { to, subject: 'ReDoS', body } }),
          );
          const saved = await attackAndProbe(`a template of ${pattern}`, () =>
            client.call('/api/templates', { token: bob.token, body: { name: `ReDoS ${pattern}`, subject: 'ReDoS', body } }),
          );
          const templateId = (JSON.parse(saved.text) as { data?: { _id?: string } }).data?._id;
          expect(templateId, saved.text.slice(0, 200)).toBeDefined();
          await attackAndProbe(`a preview of ${pattern}`, () =>
            client.call(`/api/templates/${templateId}/preview`, { token: bob.token, body: { variables: {} } }),
          );
          await attackAndProbe(`a send of the template of ${pattern}`, () =>
            client.call('/api/emails/send', { token: bob.token, body: { to, templateId } }),
          );
        }
      });
    });

    it("sends a plain template's values as text and escapes an HTML template's, in the preview and the mail", async () => {
      await expectNoNewProblems(async () => {
        const { client, fs, alice } = attackContext();
        const hostile = '<a href="https://evil.test/verify">Verify your account</a><img src="https://evil.test/p.gif">';
        const cases = [
          { kind: 'plain', body: 'Hello {{name}}, your order is ready.' },
          { kind: 'HTML', body: '<p>Hello {{name}}, your order is ready.</p>' },
        ];
        for (const { kind, body } of cases) {
          const created = await client.call<{ data: { _id: string } }>('/api/templates', {
            token: alice.token,
            body: { name: `Injection ${kind}`, subject: 'Order', body },
          });
          expect(created.status).toBe(201);
          const templateId = created.body.data._id;
          const preview = await client.call<{ data: { body: string; isHtml: boolean } }>(`/api/templates/${templateId}/preview`, {
            token: alice.token,
            body: { variables: { name: hostile } },
          });
          const to = uniqueEmail(`injection-${kind.toLowerCase()}`, 'sink.test');
          const sent = await client.call('/api/emails/send', {
            token: alice.token,
            body: { to: [to], templateId, variables: { name: hostile } },
          });
          expect(sent.status).toBe(201);
          const mail = await waitFor(`the ${kind} template's email`, () =>
            fs.sink.messages.find((m) => m.envelopeTo.includes(to)),
          );
          if (kind === 'plain') {
            const previewIsText = !preview.body.data.isHtml && preview.body.data.body.includes(hostile);
            tally(INJECTION, previewIsText, preview.status, `plain preview: ${JSON.stringify(preview.body.data).slice(0, 160)}`);
            tally(INJECTION, mail.html === '', 200, `a plain template's values arrived as HTML: ${mail.html.slice(0, 160)}`);
          } else {
            const isEscaped = (html: string) =>
              html.includes('&lt;a href=&quot;https://evil.test/verify&quot;&gt;') && !html.includes('<a href');
            tally(
              INJECTION,
              isEscaped(preview.body.data.body),
              preview.status,
              `HTML preview: ${preview.body.data.body.slice(0, 160)}`,
            );
            tally(INJECTION, isEscaped(mail.html) && !mail.html.includes('/t/c/'), 200, `HTML mail: ${mail.html.slice(0, 160)}`);
          }
        }
      });
    });
  });
}
