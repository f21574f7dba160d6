// The copy-and-run examples on /docs, built for the address the page is served from.

export function curlSendExample(origin: string): string {
  return `curl -X POST ${origin}/api/emails/api/send \\
  -H "X-API-Key: YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "to": ["recipient@example.com"],
    "subject": "Hello from Mailwright",
    "body": "<h1>Hello!</h1><p>This email was sent with the Mailwright API.</p>"
  }'`;
}

export function curlScheduleExample(origin: string): string {
  return `curl -X POST ${origin}/api/emails/api/send \\
  -H "X-API-Key: YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "to": ["recipient@example.com"],
    "subject": "See you tomorrow",
    "body": "<p>This one was scheduled.</p>",
    "scheduledAt": "2030-01-05T13:00:00.000Z"
  }'`;
}

export function nodeSendExample(origin: string): string {
  return `// Node.js 18+ (built-in fetch). Save as send.mjs and run: MAILWRIGHT_API_KEY=... node send.mjs
const response = await fetch('${origin}/api/emails/api/send', {
  method: 'POST',
  headers: {
    'X-API-Key': process.env.MAILWRIGHT_API_KEY,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify({
    to: ['recipient@example.com'],
    subject: 'Hello from Mailwright',
    body: '<h1>Hello!</h1><p>This email was sent with the Mailwright API.</p>',
  }),
});

const result = await response.json();
if (!response.ok) {
  throw new Error(\`Send failed (\${response.status}): \${result.message}\`);
}
console.log('Accepted:', result.data);`;
}

export function templateSendExample(origin: string): string {
  return `curl -X POST ${origin}/api/emails/api/send \\
  -H "X-API-Key: YOUR_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{
    "to": ["ada@example.com"],
    "templateId": "YOUR_TEMPLATE_ID",
    "variables": { "name": "Ada", "company": "Analytical Engines" }
  }'`;
}

export function clientSendExample(origin: string): string {
  return `// TypeScript: the typed client (@mailwright/contracts/client in the Mailwright repository).
import { MailwrightClient, MailwrightError } from '@mailwright/contracts/client';

const mailwright = new MailwrightClient({ baseUrl: '${origin}', apiKey: process.env.MAILWRIGHT_API_KEY });

// One email with an attachment (at most 10 attachments, 10 MB in all).
const { data } = await mailwright.emails.send({
  to: ['recipient@example.com'],
  subject: 'Your invoice',
  body: '<p>Attached.</p>',
  attachments: [{ filename: 'invoice.pdf', url: 'https://example.com/invoice.pdf' }],
});
console.log('Accepted:', data.id, 'requests left this minute:', mailwright.rateLimit.remaining);

// Up to 100 emails at once: 207 with one result per email.
const batch = await mailwright.emails.batch([
  { to: ['ada@example.com'], subject: 'Hi Ada', body: 'Hello' },
  { to: ['alan@example.com'], subject: 'Hi Alan', body: 'Hello' },
]);
console.log(batch.accepted, 'accepted,', batch.rejected, 'rejected');

try {
  await mailwright.emails.send({ to: ['x@example.com'] });
} catch (error) {
  if (error instanceof MailwrightError) console.error(error.status, error.code, error.message, error.retryAfterSeconds);
}`;
}
