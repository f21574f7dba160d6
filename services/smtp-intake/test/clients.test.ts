// Clients nobody here wrote (nodemailer, Python's smtplib, swaks) submit through the intake over STARTTLS and
// implicit TLS with AUTH PLAIN and LOGIN; what reaches the mail service is the message byte for byte.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInServices, startStandInServices } from './support/stand-in-services';
import { startTestIntake, type TestIntake } from './support/test-intake';
import { makeTestTls, type TestTls } from './support/test-tls';

const run = promisify(execFile);
const KEY = 'mw_live_clients_key';
const SENDER = 'app@sender.test';

let services: StandInServices;
let tls: TestTls;
let intake: TestIntake;

beforeAll(async () => {
  services = await startStandInServices();
  services.apiKeys.set(KEY, { apiKeyId: 'key-1', userId: 'user-1', isActive: true, scopes: ['send', 'read'] });
  services.senders.set('user-1', new Set([SENDER]));
  tls = makeTestTls();
  intake = await startTestIntake(services, tls, { SMTP_INTAKE_TLS_PORT: '0' });
});

afterAll(async () => {
  await intake?.close();
  await services?.close();
  tls?.remove();
});

const lastMessage = () => services.messages.at(-1);

const queuedId = (response: string) => /^250 2\.0\.0 Ok: queued as (\S+)$/.exec(response)?.[1];

describe('nodemailer', () => {
  for (const method of ['PLAIN', 'LOGIN'] as const) {
    it(`submits over STARTTLS with AUTH ${method}, attachment kept byte for byte`, async () => {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: intake.smtpPort,
        secure: false,
        requireTLS: true,
        tls: { ca: tls.cert, servername: 'localhost' },
        auth: { user: 'wordpress', pass: KEY, method },
      });
      const attachment = randomBytes(50_000);
      const info = await transport.sendMail({
        from: `"Shop" <${SENDER}>`,
        to: 'buyer@example.com',
        cc: 'copy@example.com',
        bcc: 'hidden@example.com',
        subject: 'Your order ✓',
        html: '<p>Thanks</p>',
        attachments: [{ filename: 'invoice.bin', content: attachment }],
      });
      transport.close();
      const stored = lastMessage();
      expect(queuedId(info.response)).toBe(stored?.id);
      expect(stored).toMatchObject({ userId: 'user-1', apiKeyId: 'key-1', mailFrom: SENDER });
      expect(stored?.recipients).toEqual(['buyer@example.com', 'copy@example.com', 'hidden@example.com']);
      expect(stored?.sessionId).toEqual(expect.any(String));
      // The attachment's base64 body, as nodemailer wrote it, decodes to the same bytes.
      const text = stored?.bytes.toString('latin1') ?? '';
      const body = text.split(/filename=invoice\.bin\r\n(?:.*\r\n)*?\r\n/)[1]?.split('\r\n--')[0] ?? '';
      expect(Buffer.from(body.replace(/\r\n/g, ''), 'base64').equals(attachment)).toBe(true);
      expect(text).not.toMatch(/^bcc:/im);
    });
  }

  it('submits over implicit TLS on the second listener', async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: intake.tlsPort ?? 0,
      secure: true,
      tls: { ca: tls.cert, servername: 'localhost' },
      auth: { user: 'django', pass: KEY },
    });
    const info = await transport.sendMail({ from: SENDER, to: 'a@example.com', subject: 'tls', text: 'hello' });
    transport.close();
    expect(queuedId(info.response)).toBe(lastMessage()?.id);
  });

  it('passes nodemailer verify() (STARTTLS, then AUTH)', async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: intake.smtpPort,
      requireTLS: true,
      tls: { ca: tls.cert, servername: 'localhost' },
      auth: { user: 'x', pass: KEY },
    });
    await expect(transport.verify()).resolves.toBe(true);
    transport.close();
  });
});

describe("Python's smtplib", () => {
  const script = (port: number) => `
import hashlib, smtplib, ssl, sys
from email import policy
from email.message import EmailMessage
context = ssl.create_default_context(cafile=sys.argv[1])
msg = EmailMessage(policy=policy.SMTPUTF8)
msg["From"] = "Ünïcode Sender <${SENDER}>"
msg["To"] = "empfänger@example.com, b@example.com"
msg["Subject"] = "Grüße from Python ✓"
msg["Message-ID"] = "<python-1@client.test>"
msg.set_content("Héllo wörld, eight bits\\n", cte="8bit")
msg.add_attachment(bytes(range(256)) * 4, maintype="application", subtype="octet-stream", filename="bytes.bin")
with smtplib.SMTP("localhost", ${port}) as s:
    s.starttls(context=context)
    s.login("nextcloud", "${KEY}")
    data = msg.as_bytes()
    refused = s.sendmail("${SENDER}", ["empfänger@example.com", "b@example.com"], data, mail_options=["BODY=8BITMIME", "SMTPUTF8"])
    # smtplib sends bytes as they are, adding a final CRLF when missing (the server undoes dot-stuffing).
    wire = data if data.endswith(b"\\r\\n") else data + b"\\r\\n"
    open(sys.argv[2], "wb").write(wire)
    print(s.noop()[0], hashlib.sha256(wire).hexdigest())
    sys.stdout.write(repr(refused))
`;

  it('submits an 8-bit, UTF-8 message with an attachment over STARTTLS', async () => {
    const before = services.messages.length;
    const wireFile = path.join(path.dirname(tls.certFile), 'python-wire.eml');
    const { stdout } = await run('python3', ['-c', script(intake.smtpPort), tls.certFile, wireFile]);
    expect(stdout).toMatch(/^250 [0-9a-f]{64}\n\{\}$/);
    expect(services.messages).toHaveLength(before + 1);
    const stored = lastMessage();
    expect(stored?.recipients).toEqual(['empfänger@example.com', 'b@example.com']);
    expect(stored?.bytes.equals(readFileSync(wireFile))).toBe(true);
    expect(
      createHash('sha256')
        .update(stored?.bytes ?? '')
        .digest('hex'),
    ).toBe(/^250 (\S+)/.exec(stdout)?.[1]);
    expect(stored?.bytes.toString('utf8')).toContain('Subject: Grüße from Python ✓');
    expect(stored?.bytes.toString('utf8')).toContain('Héllo wörld, eight bits');
  });

  it('a retried submission with the same Message-ID answers with the first email', async () => {
    const before = services.messages.length;
    await run('python3', ['-c', script(intake.smtpPort), tls.certFile, path.join(path.dirname(tls.certFile), 'retry.eml')]);
    expect(services.messages).toHaveLength(before);
  });
});

describe('swaks', () => {
  const swaks = ['/usr/bin/swaks', '/usr/local/bin/swaks'].find((file) => existsSync(file));

  it.runIf(swaks)('submits with STARTTLS, AUTH LOGIN and an attachment', async () => {
    const attachment = path.join(path.dirname(tls.certFile), 'report.csv');
    writeFileSync(attachment, 'id;name\n1;Zoë\n');
    const { stdout } = await run(swaks ?? 'swaks', [
      '--server',
      `127.0.0.1:${intake.smtpPort}`,
      '--tls',
      '--auth',
      'LOGIN',
      '--auth-user',
      'monitoring',
      '--auth-password',
      KEY,
      '--from',
      SENDER,
      '--to',
      'ops@example.com',
      '--header',
      'Subject: swaks check',
      '--attach',
      `@${attachment}`,
    ]);
    const id = /<~ {2}250 2\.0\.0 Ok: queued as (\S+)/.exec(stdout)?.[1];
    expect(id).toBe(lastMessage()?.id);
    expect(lastMessage()?.bytes.toString()).toContain(Buffer.from('id;name\n1;Zoë\n').toString('base64'));
  });

  it.skipIf(swaks)('is skipped: swaks is not installed on this machine', () => {});
});
