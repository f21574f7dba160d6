// SMTP submission through the whole stack (issue 22): clients nobody here wrote — nodemailer, Python's smtplib and
// Debian's swaks — sign in to the SMTP intake with a Mailwright API key over STARTTLS and submit mail; the real
// mail service accepts it and the worker delivers it to the SMTP sink as written. Refusals come back as SMTP replies.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { EmailLog } from '@mailwright/contracts';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { api, mailsTo, type SignedInUser, signUpVerified, uniqueEmail, waitForMail } from './support/api';
import { cancelToFree, upgrade } from './support/checkout';

const run = promisify(execFile);

interface Sender {
  user: SignedInUser;
  apiKey: string;
  address: string;
}

let pro: Sender;
let scratch: string;

async function senderWithKey(label: string): Promise<Sender> {
  const user = await signUpVerified(label);
  expect((await upgrade(user.token, 'pro')).verify.status).toBe(200);
  const address = uniqueEmail(`${label}-sender`);
  const account = await api('/api/email-accounts/smtp', {
    token: user.token,
    body: {
      email: address,
      host: '127.0.0.1',
      port: inject('sinkSmtpPort'),
      secure: false,
      username: label,
      password: 'smtp-pw',
    },
  });
  expect(account.status, account.text).toBe(201);
  const key = await api<{ data: { key: string } }>('/api/api-keys', { token: user.token, body: { name: 'smtp' } });
  expect(key.status, key.text).toBe(201);
  return { user, apiKey: key.body.data.key, address };
}

/** The intake's certificate is the stack's self-signed one: clients are told to accept it, as an operator would. */
const transportFor = (apiKey: string) =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port: inject('smtpIntakePort'),
    secure: false,
    requireTLS: true,
    tls: { rejectUnauthorized: false },
    auth: { user: 'my-app', pass: apiKey },
  });

const queuedId = (response: string) => /queued as ([0-9a-f-]{36})/.exec(response)?.[1];

async function logOf(user: SignedInUser, id: string): Promise<EmailLog> {
  const response = await api<{ data: EmailLog }>(`/api/emails/${id}`, { token: user.token });
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

beforeAll(async () => {
  pro = await senderWithKey('smtp-pro');
  scratch = mkdtempSync(path.join(tmpdir(), 'mw-smtp-e2e-'));
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('SMTP submission with an API key', () => {
  it('nodemailer: STARTTLS, AUTH, UTF-8 subject, html and a binary attachment arrive as written and show in the log', async () => {
    const to = uniqueEmail('smtp-to');
    const hidden = uniqueEmail('smtp-bcc');
    const attachment = randomBytes(40_000);
    const transport = transportFor(pro.apiKey);
    const info = await transport.sendMail({
      from: `"Shop ✓" <${pro.address}>`,
      to,
      bcc: hidden,
      subject: 'Your order ✓ is on its way',
      html: '<p>Track it <a href="https://shop.example/track/42">here</a></p>',
      text: 'Track it at https://shop.example/track/42',
      attachments: [{ filename: 'invoice.bin', content: attachment }],
    });
    transport.close();
    const id = queuedId(info.response);
    expect(id, info.response).toBeDefined();

    const mail = await waitForMail(to);
    expect(mail.subject).toBe('Your order ✓ is on its way');
    expect(mail.messageId).toBe(`<${id}@mailwright>`);
    expect(mail.envelopeTo.sort()).toEqual([to, hidden].sort());
    expect(Buffer.from(mail.attachments[0]?.contentBase64 ?? '', 'base64').equals(attachment)).toBe(true);
    expect(mail.html).toContain('/t/c/');
    expect(mail.text).toContain('https://shop.example/track/42');
    expect(mail.headers.bcc).toBeUndefined();

    const log = await logOf(pro.user, id as string);
    expect(log).toMatchObject({ to: [to], bcc: [hidden], subject: 'Your order ✓ is on its way', from: pro.address });
    expect(log.fromName).toBe('Shop ✓');
  });

  it("Python's smtplib: starttls, login and send_message; a retry with the same Message-ID is not sent twice", async () => {
    const to = uniqueEmail('smtp-py');
    const script = [
      'import smtplib, ssl, sys',
      'from email.message import EmailMessage',
      'from email.utils import make_msgid',
      'port, key, sender, to = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]',
      'msg = EmailMessage()',
      "msg['From'] = sender",
      "msg['To'] = to",
      "msg['Subject'] = 'Rapport für März'",
      "msg['Message-ID'] = make_msgid(domain='django.example')",
      "msg.set_content('Guten Tag,\\nder Bericht ist angehängt.\\n')",
      "msg.add_attachment(b'%PDF-1.4 \\x00\\xff report', maintype='application', subtype='pdf', filename='bericht.pdf')",
      'context = ssl.create_default_context()',
      'context.check_hostname = False',
      'context.verify_mode = ssl.CERT_NONE',
      'refused = []',
      'for attempt in range(2):',
      "    with smtplib.SMTP('127.0.0.1', int(port), timeout=30) as smtp:",
      '        smtp.starttls(context=context)',
      "        smtp.login('django', key)",
      '        refused.append(len(smtp.send_message(msg)))',
      'print(refused)',
    ].join('\n');
    const { stdout } = await run('python3', ['-c', script, String(inject('smtpIntakePort')), pro.apiKey, pro.address, to]);
    expect(stdout.trim()).toBe('[0, 0]');
    const mail = await waitForMail(to);
    expect(mail.subject).toBe('Rapport für März');
    expect(mail.text).toContain('der Bericht ist angehängt.');
    expect(Buffer.from(mail.attachments[0]?.contentBase64 ?? '', 'base64').toString('latin1')).toBe(
      '%PDF-1.4 \u0000\u00ff report',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it('swaks: STARTTLS, AUTH LOGIN, an 8-bit header and an attachment', async () => {
    const to = uniqueEmail('smtp-swaks');
    const file = path.join(scratch, 'notes.txt');
    writeFileSync(file, 'line one\nline two ✓\n');
    const { stdout } = await run('swaks', [
      '--server',
      `127.0.0.1:${inject('smtpIntakePort')}`,
      '--tls',
      '--auth',
      'LOGIN',
      '--auth-user',
      'monitoring',
      '--auth-password',
      pro.apiKey,
      '--from',
      pro.address,
      '--to',
      to,
      '--header',
      'Subject: Disk space low on db-1 ✓',
      '--body',
      'Free space is under 10%.',
      '--attach',
      `@${file}`,
    ]).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: `${error.stdout}\n${error.stderr}` }));
    expect(stdout).toMatch(/250 2\.0\.0 Ok: queued as [0-9a-f-]{36}/);
    const mail = await waitForMail(to);
    expect(mail.subject).toBe('Disk space low on db-1 ✓');
    expect(Buffer.from(mail.attachments[0]?.contentBase64 ?? '', 'base64').toString('utf8')).toBe('line one\nline two ✓\n');
  });
});

describe('SMTP refusals through the stack', () => {
  /** One SMTP exchange with nodemailer; the error's response line when it is refused. */
  async function refusal(apiKey: string, from: string, to = uniqueEmail('smtp-refused')): Promise<string> {
    const transport = transportFor(apiKey);
    try {
      const info = await transport.sendMail({ from, to, subject: 'x', text: 'x' });
      return `accepted: ${info.response}`;
    } catch (error) {
      return String((error as { response?: string }).response ?? error);
    } finally {
      transport.close();
    }
  }

  it('refuses a wrong key with 535, a foreign From with 550, and a free plan with 535 and the plan rule', async () => {
    expect(await refusal(`${pro.apiKey}x`, pro.address)).toMatch(/^535 5\.7\.8 Invalid API key/);
    expect(await refusal(pro.apiKey, 'ceo@bank.example')).toMatch(
      /^550 5\.7\.1 ceo@bank\.example is not one of your sender accounts/,
    );

    const leaving = await senderWithKey('smtp-free');
    await cancelToFree(leaving.user.token);
    expect(await refusal(leaving.apiKey, leaving.address)).toMatch(
      /^535 5\.7\.8 API access is available on the Pro and Enterprise plans/,
    );
    const rows = await api<{ data: EmailLog[] }>('/api/emails', { token: leaving.user.token });
    expect(rows.body.data).toHaveLength(0);
  });
});
