// The CLI's commands: each parses its own options, calls the SDK and prints one line per item.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Mailwright } from '../client';
import type { Email, EmailStatus } from '../types';

type Print = (line: string) => void;

const line = (email: Email) =>
  [email.createdAt, email.id, email.status.padEnd(9), email.to.join(','), JSON.stringify(email.subject)].join('  ');

export async function send(client: Mailwright, argv: string[], print: Print): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      to: { type: 'string', multiple: true },
      subject: { type: 'string' },
      body: { type: 'string' },
      'html-file': { type: 'string' },
      text: { type: 'string' },
      at: { type: 'string' },
      timezone: { type: 'string' },
      'idempotency-key': { type: 'string' },
    },
  });
  if (!values.to?.length) throw new Error('send needs --to');
  const body = values['html-file'] !== undefined ? readFileSync(values['html-file'], 'utf8') : values.body;
  const email = await client.emails.send(
    {
      to: values.to,
      subject: values.subject,
      body,
      text: values.text,
      scheduledAt: values.at,
      timezone: values.timezone,
    },
    { idempotencyKey: values['idempotency-key'] },
  );
  print(`${email.id} ${email.status}`);
}

export async function logs(client: Mailwright, argv: string[], print: Print, signal?: AbortSignal): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      follow: { type: 'boolean', short: 'f' },
      limit: { type: 'string' },
      status: { type: 'string' },
      interval: { type: 'string' },
    },
  });
  const query = { limit: Number(values.limit ?? 20), status: values.status as EmailStatus | undefined };
  const seen = new Map<string, string>();
  const show = async () => {
    const page = await client.emails.list(query);
    // Oldest first, so a followed log reads top to bottom; an email is printed again when its status changes.
    for (const email of [...page.data].reverse()) {
      if (seen.get(email.id) === email.status) continue;
      seen.set(email.id, email.status);
      print(line(email));
    }
  };
  await show();
  const intervalMs = Number(values.interval ?? 5) * 1000;
  while (values.follow && !signal?.aborted) {
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    if (!signal?.aborted) await show();
  }
}

export async function templates(client: Mailwright, _argv: string[], print: Print): Promise<void> {
  for (const template of await client.templates.list())
    print(`${template.id}  ${template.name}  ${JSON.stringify(template.subject)}`);
}

export async function keys(client: Mailwright, _argv: string[], print: Print): Promise<void> {
  for (const key of await client.apiKeys.list()) {
    print(`${key.id}  ${key.name}  ${key.key}  ${key.isActive ? 'active' : 'revoked'}  last used ${key.lastUsed ?? 'never'}`);
  }
}
