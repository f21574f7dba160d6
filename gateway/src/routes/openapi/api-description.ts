// The reference's introduction: authentication, limits, batch semantics, webhooks and their signatures.
import { MAIL_LIMITS } from '@mailwright/contracts';

export function apiDescription(planLimits: Record<string, number>, operatorCap: number, keysPerAccount: number): string {
  const perPlan = Object.entries(planLimits)
    .map(([plan, max]) => `| ${plan} | ${Math.min(max, operatorCap).toLocaleString('en-US')} |`)
    .join('\n');
  return `Send email through your connected accounts, manage templates, and receive signed webhooks.

## Authentication
* **Signed-in routes** take the JWT from \`POST /api/auth/login\`: \`Authorization: Bearer <token>\`.
* **Public API** (\`/api/emails/api/*\`) takes an API key (Pro and Enterprise plans): \`X-API-Key: mw_…\`.

## Errors
Every failure answers \`{ "message": "…", "code": "…" }\` with a 4xx or 5xx status. Validation problems are 400
\`VALIDATION_ERROR\`, the monthly quota is 429 \`QUOTA_EXCEEDED\`, throttling is 429 \`RATE_LIMITED\`. Switch on \`code\`,
never on the message: the **ErrorCode** model lists every code with its one HTTP status.

## Idempotent sends
\`POST /api/emails/send\`, \`POST /api/emails/api/send\` and \`POST /compat/resend/emails\` take an \`Idempotency-Key\`
header (1 to 255 printable characters). A retry with the same key and the same body within 24 hours sends nothing
and answers the first answer again, with the header \`idempotent-replayed: true\`; the same key with another body
answers 409 \`IDEMPOTENCY_KEY_REUSED\`.

## Rate limits (public API)
Requests per minute per API key, by plan; an account's keys together may make ${keysPerAccount} times that. Every
answer carries the key's \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; a 429 also carries
\`Retry-After\` (seconds), and the limits of the window that refused it.

| plan | requests / minute |
| --- | --- |
${perPlan}

## Attachments
Both send routes and the batch route take \`attachments: [{ filename, content | url, contentType? }]\`:
\`content\` is base64, \`url\` a public https URL downloaded when the email is accepted.
At most **10 attachments** and **10 MB decoded in all** per email. Violations answer 400 (too many, bad base64,
non-https or private-address URL), 413 \`ATTACHMENTS_TOO_LARGE\`, or 422 \`ATTACHMENT_FETCH_FAILED\`.

## Batch send
\`POST /api/emails/api/batch\` takes up to 100 emails. Each is validated on its own; the valid ones are accepted
together and their quota is taken **all or none**. The answer is **207 Multi-Status** with one entry per email, in
order: \`{ index, status: "accepted", id, data }\` or \`{ index, status: "rejected", error: { message, code } }\`.
Together the emails hold at most ${MAIL_LIMITS.batchContentMaxChars.toLocaleString('en-US')} characters (subjects, bodies and texts, templates filled in):
from the first email past that on, each is rejected with 413 \`PAYLOAD_TOO_LARGE\`.

## Migrating from Resend
\`/compat/resend\` speaks Resend's API: point a Resend SDK at it with
\`RESEND_BASE_URL=<this server>/compat/resend\` and use a Mailwright API key (sent as \`Authorization: Bearer <key>\`).
\`POST /emails\`, \`POST /emails/batch\`, \`GET /emails/{id}\`, \`PATCH /emails/{id}\` (reschedule) and
\`POST /emails/{id}/cancel\` take Resend's fields and answer Resend's shapes; \`from\` must be the address of one of
your sender accounts. Errors there answer Resend's \`{ "statusCode": …, "message": "…", "name": "…" }\`. Domains,
audiences, contacts, broadcasts and API keys have no counterpart and answer 501. The guide is at /docs#resend.

## Webhooks
Register endpoints with \`POST /api/webhooks\` for the events \`email.sent\`, \`email.failed\`, \`email.opened\`,
\`email.clicked\`, \`email.scheduled\`, \`email.cancelled\`. The signing secret is shown once (on create and on
rotate). Each delivery is a JSON POST \`{ id, type, createdAt, data }\` with the header

\`Mailwright-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>\`

Verify it (Node.js):

\`\`\`js
import { createHmac, timingSafeEqual } from 'node:crypto';

function verify(secret, rawBody, header, toleranceSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const t = Number(parts.t);
  if (!t || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
\`\`\`

Answer 2xx within 10 seconds. Failed deliveries are retried with exponential backoff (30 s, 1 min, 2 min … up to
hourly) for up to 24 hours; an endpoint that fails for 24 hours without a success is disabled, and the reason is
shown on the Webhooks screen (re-enable it there or with \`PATCH /api/webhooks/{id}\` \`{ "enabled": true }\`).
URLs must be public https addresses; loopback and private addresses are refused.`;
}
