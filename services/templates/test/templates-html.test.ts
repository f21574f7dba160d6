// Templates read user text with the one HTML rule (contracts): a plain template's values are sent as text, an
// HTML template's values are escaped, and no template body, however pathological, holds the service's event
// loop: saving, previewing and rendering 1 MiB of one finish in a few seconds at most each (a quadratic or
// backtracking scan of 1 MiB would take minutes; the bound leaves room for a machine running two suites at once).
import { FixedEntitlements, PRO_ENTITLEMENTS, serviceHeaders } from '@mailwright/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let owner: { userId: string; headers: Record<string, string> };
const entitlements = new FixedEntitlements();

async function createTemplate(body: string, subject = 'Hello {{name}}'): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/templates',
    headers: owner.headers,
    payload: { name: 'T', subject, body },
  });
  expect(response.statusCode, response.body.slice(0, 200)).toBe(201);
  return response.json().data.id;
}

const preview = (id: string, variables: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/templates/${id}/preview`, headers: owner.headers, payload: { variables } });

const renderForSending = async (templateId: string, variables: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/internal/templates/render',
    headers: await serviceHeaders('mail'),
    payload: { userId: owner.userId, templateId, variables },
  });

beforeAll(async () => {
  t = await startTestApp('templates_html', { entitlements });
  owner = await newUser();
  entitlements.set(owner.userId, PRO_ENTITLEMENTS);
});
afterAll(async () => {
  await t?.close();
});

describe('values in plain and HTML templates', () => {
  const hostile = '<a href="https://evil.test/">Verify your account</a><img src=x onerror=alert(1)><!-- x -->';

  it('keeps a plain template plain whatever HTML its values hold, in the preview and for sending', async () => {
    for (const body of ['Hi {{name}}, thanks.', 'Hi <x-card>{{name}}</x-card> <support@example.com>']) {
      const id = await createTemplate(body);
      for (const response of [await preview(id, { name: hostile }), await renderForSending(id, { name: hostile })]) {
        expect(response.statusCode).toBe(200);
        expect(response.json().data).toMatchObject({ isHtml: false, body: body.replace('{{name}}', hostile) });
      }
    }
  });

  it("escapes an HTML template's values, in the preview and for sending", async () => {
    const id = await createTemplate('<p>Hi {{name}}</p>');
    const escaped =
      '<p>Hi &lt;a href=&quot;https://evil.test/&quot;&gt;Verify your account&lt;/a&gt;&lt;img src=x onerror=alert(1)&gt;&lt;!-- x --&gt;</p>';
    for (const response of [await preview(id, { name: hostile }), await renderForSending(id, { name: hostile })]) {
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({ isHtml: true, body: escaped });
    }
  });
});

describe('pathological template bodies', () => {
  const MIB = 1024 * 1024;
  const fill = (unit: string) => unit.repeat(Math.floor(MIB / unit.length));
  const bodies: Record<string, string> = {
    "'<!--' repeated": fill('<!--'),
    "'<a ' repeated": fill('<a '),
    "'{{' repeated": fill('{{'),
    "'{{a.' repeated": `{{${fill('a.')}`.slice(0, MIB),
    'an unclosed tag with a long attribute run': `<p${fill(' x=1')}`.slice(0, MIB),
    "'<' repeated": fill('<'),
  };
  const BOUND_MS = 3_000;
  const timed = async <T>(run: () => Promise<T>) => {
    const start = performance.now();
    const result = await run();
    return { result, ms: performance.now() - start };
  };

  for (const [pattern, body] of Object.entries(bodies)) {
    it(`saves, previews and renders 1 MiB of ${pattern} in under 3 seconds each`, async () => {
      const saved = await timed(() => createTemplate(body));
      const previewed = await timed(() => preview(saved.result, { name: 'Ada' }));
      const rendered = await timed(() => renderForSending(saved.result, { name: 'Ada' }));
      expect(previewed.result.statusCode).toBe(200);
      expect(rendered.result.statusCode).toBe(200);
      for (const ms of [saved.ms, previewed.ms, rendered.ms]) expect(ms).toBeLessThan(BOUND_MS);
    });
  }

  it('refuses values that fill a part past what a send may carry, in the preview and for sending, without filling it', async () => {
    // 200,000 placeholders of one 100 KB value would fill in 20 GB (500 MB with 2,500 characters).
    const bomb = await createTemplate('{{x}}'.repeat(MIB / 5));
    for (const value of ['v'.repeat(2_500), 'v'.repeat(100_000)]) {
      for (const call of [preview, renderForSending]) {
        const answer = await timed(() => call(bomb, { x: value, name: 'Ada' }));
        expect(answer.result.statusCode).toBe(400);
        expect(answer.result.json()).toEqual({
          code: 'VALIDATION_ERROR',
          message: 'The body filled in with these values must be at most 1048576 characters',
        });
        expect(answer.ms).toBeLessThan(BOUND_MS);
      }
    }
    const longSubject = await createTemplate('<p>Hi</p>', 'Hello {{name}}');
    for (const call of [preview, renderForSending]) {
      const answer = await call(longSubject, { name: 'n'.repeat(993) });
      expect(answer.json().message).toBe('The subject filled in with these values must be at most 998 characters');
      expect((await call(longSubject, { name: 'n'.repeat(992) })).statusCode).toBe(200);
    }
  });
});
