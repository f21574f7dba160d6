// /docs: how to connect sender accounts and use the REST API, templates, limits and support.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CodeBlock } from '../../components/code-block';
import { PublicLayout } from '../../components/public-layout';
import { buttonStyles, focusRing, linkStyles } from '../../components/styles';
import {
  clientSendExample,
  curlScheduleExample,
  curlSendExample,
  nodeSendExample,
  templateSendExample,
} from '../../features/marketing/api-examples';

const sections = [
  { id: 'getting-started', title: 'Getting started' },
  { id: 'smtp-accounts', title: 'Connecting SMTP accounts' },
  { id: 'rest-api', title: 'REST API' },
  { id: 'templates', title: 'Templates' },
  { id: 'scheduling', title: 'Scheduling' },
  { id: 'rate-limits', title: 'Rate limits & quotas' },
  { id: 'errors', title: 'Errors' },
  { id: 'resend', title: 'Migrating from Resend' },
  { id: 'smtp', title: 'Sending over SMTP' },
  { id: 'support', title: 'Support' },
];

const resendEnvExample = (origin: string) => `RESEND_BASE_URL=${origin}/compat/resend\nRESEND_API_KEY=mw_your_mailwright_api_key`;

const smtpHost = (origin: string) => new URL(origin).hostname;

const smtpSettings = (origin: string) => [
  ['Host', smtpHost(origin)],
  ['Port', '587 with STARTTLS (465 for TLS from the first byte; 2587 on a local npm start)'],
  ['Username', 'Anything, e.g. the name of your application'],
  ['Password', 'A Mailwright API key (Pro and Enterprise plans)'],
  ['From', 'The address of one of your sender accounts, or pool+<senderPoolId>@ any domain for a sender pool'],
];

const smtpNodeExample = (origin: string) => `import nodemailer from 'nodemailer';

const transport = nodemailer.createTransport({
  host: '${smtpHost(origin)}',
  port: 587,
  requireTLS: true,
  auth: { user: 'my-app', pass: process.env.MAILWRIGHT_API_KEY },
});

await transport.sendMail({
  from: 'Acme <team@acme.com>',
  to: 'ada@example.com',
  subject: 'Your invoice',
  html: '<p>Thanks for your order!</p>',
  attachments: [{ filename: 'invoice.pdf', path: './invoice.pdf' }],
  headers: { 'X-Mailwright-Idempotency-Key': 'invoice-1042' },
});`;

const smtpReplies = [
  ['250 2.0.0 Ok: queued as <id>', 'Accepted; the id is the email in your log and the API.'],
  ['535 5.7.8', 'The API key is unknown, inactive or read-only (no send scope), or your plan has no API access.'],
  ['550 5.7.1', 'MAIL FROM or From is not one of your sender accounts (the reply says which).'],
  ['452 4.2.2', 'The monthly email quota is used up (try again next month or upgrade).'],
  ['452 4.5.3', 'Too many recipients: at most 150 per message.'],
  ['552 5.3.4', 'The message is larger than 16 MB.'],
  ['451 4.7.1 / 421 4.7.0', 'Too many messages or connections for this key right now: try again shortly.'],
  ['451 4.3.0', 'Mailwright could not store the message just now: your client retries, and nothing is sent twice.'],
];

const resendNodeExample = `import { Resend } from 'resend';

// Reads RESEND_BASE_URL when the client is created; nothing else changes.
const resend = new Resend(process.env.RESEND_API_KEY);

const { data, error } = await resend.emails.send({
  from: 'Acme <hello@acme.example>', // one of your Mailwright sender accounts
  to: ['ada@example.com'],
  subject: 'Welcome',
  html: '<p>Hello Ada</p>',
  text: 'Hello Ada',
  replyTo: 'support@acme.example',
  tags: [{ name: 'category', value: 'welcome' }],
});`;

const resendRoutes = [
  ['POST /emails', 'Send one email. Answers { id }.'],
  ['POST /emails/batch', 'Up to 100 emails. Answers { data: [{ id }] } (permissive mode adds errors).'],
  [
    'GET /emails/{id}',
    'The email: object, id, from, to, cc, bcc, reply_to, subject, html, text, last_event, scheduled_at, tags.',
  ],
  ['PATCH /emails/{id}', 'Reschedule a scheduled email: { scheduled_at }.'],
  ['POST /emails/{id}/cancel', 'Cancel a scheduled email.'],
];

const resendErrors = [
  ['missing_api_key', '401', 'No Authorization header.'],
  ['invalid_api_key', '403', 'The key is unknown or inactive.'],
  ['restricted_api_key', '403', 'Your plan does not include API access (Pro and Enterprise do).'],
  ['validation_error', '400 / 422', 'A field is invalid, or from is not one of your sender accounts.'],
  ['missing_required_field', '422', 'from, to, subject, or html/text is missing.'],
  ['invalid_attachment', '400 / 413 / 422', 'An attachment is invalid, too large, or could not be downloaded.'],
  ['invalid_idempotent_request', '409', 'The Idempotency-Key was used with a different body.'],
  ['not_found', '404', 'No such email (or not yours).'],
  ['rate_limit_exceeded', '429', 'Too many requests per minute for this key.'],
  ['monthly_quota_exceeded', '429', 'The monthly email quota is used up.'],
  [
    'method_not_allowed',
    '501',
    'A Resend resource Mailwright does not have (domains, audiences, contacts, broadcasts, API keys).',
  ],
];

const smtpProviders = [
  ['Gmail / Google Workspace', 'smtp.gmail.com', '587', 'Off (STARTTLS)', 'An app password (2-Step Verification on)'],
  ['Outlook / Microsoft 365', 'smtp.office365.com', '587', 'Off (STARTTLS)', 'Your mailbox password or app password'],
  ['Zoho Mail', 'smtp.zoho.com', '465', 'On (SSL/TLS)', 'An application-specific password'],
  ['Amazon SES', 'email-smtp.<region>.amazonaws.com', '587', 'Off (STARTTLS)', 'SMTP credentials from the SES console'],
];

const bodyFields = [
  ['to', 'array of strings', 'Yes', 'Recipient addresses, e.g. ["ada@example.com"].'],
  ['subject', 'string', 'Yes, unless templateId', 'The subject line.'],
  ['body', 'string', 'Yes, unless templateId', 'The message; HTML is allowed.'],
  ['templateId', 'string', 'No', 'Send a saved template instead of subject and body.'],
  ['scheduledAt', 'string (ISO 8601)', 'No', 'Send later, e.g. "2030-01-05T13:00:00.000Z". Omit to send now.'],
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-slate-600">{children}</div>
    </section>
  );
}

function InlineCode({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.85em] text-slate-800">{children}</code>;
}

function Table({ head, rows }: { head: string[]; rows: string[][] }) {
  return (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen must take focus to be scrolled by keys
      tabIndex={0}
    >
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <thead className="bg-slate-50">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="whitespace-nowrap px-4 py-2.5 font-semibold text-slate-700">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) => (
                <td
                  key={`${row[0]}-${head[index]}`}
                  className={`px-4 py-2.5 align-top ${index === 0 ? 'font-mono text-slate-900' : ''}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DocsPage() {
  const origin = window.location.origin;
  return (
    <PublicLayout>
      <div className="border-b border-slate-200 bg-gradient-to-b from-indigo-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
          <nav aria-label="Breadcrumb" className="flex flex-wrap gap-4 text-sm">
            <Link to="/" className={linkStyles}>
              ← Home
            </Link>
            <Link to="/dashboard" className={linkStyles}>
              Go to Dashboard
            </Link>
          </nav>
          <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">Documentation</h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-600">
            Connect your sender accounts, send from the dashboard or the REST API, and keep reusable templates.
          </p>
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl gap-12 px-4 py-12 sm:px-6 lg:px-8">
        <aside className="hidden w-56 shrink-0 lg:block">
          <nav aria-label="On this page" className="sticky top-24">
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">On this page</p>
            <ul className="mt-3 space-y-1 text-sm">
              {sections.map((section) => (
                <li key={section.id}>
                  <a
                    href={`#${section.id}`}
                    className={`block rounded px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`}
                  >
                    {section.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </aside>

        <article className="min-w-0 flex-1 space-y-14">
          <Section id="getting-started" title="Getting started">
            <ol className="list-decimal space-y-2 pl-5">
              <li>
                <Link to="/signup" className={linkStyles}>
                  Create an account
                </Link>{' '}
                and verify your email address.
              </li>
              <li>Add a sender under Email Accounts: connect Gmail or Outlook, or add any SMTP server.</li>
              <li>Send from the Send Email screen, or create an API key under API Keys and send from your code.</li>
            </ol>
          </Section>

          <Section id="smtp-accounts" title="Connecting SMTP accounts">
            <p>
              Go to <strong>Email Accounts → Add SMTP</strong> and enter the sender address, a display name, the SMTP host, port
              (587 by default), whether to use a secure (SSL/TLS) connection, and the username and password. Passwords are
              encrypted at rest and never shown again; when you edit an account, leave the password empty to keep it.
            </p>
            <p>
              Gmail and Outlook can also be connected with one click through OAuth (<strong>Connect Gmail</strong>,{' '}
              <strong>Connect Outlook</strong>), with no password stored at all. Your first account becomes the default sender;
              choose another with <strong>Set as Default</strong>.
            </p>
            <Table head={['Provider', 'Host', 'Port', 'Secure', 'Password']} rows={smtpProviders} />
          </Section>

          <Section id="rest-api" title="REST API">
            <p>
              Create a key under <strong>API Keys</strong> (the full key is shown only once) and send it in the{' '}
              <InlineCode>X-API-Key</InlineCode> header. API access is included in the Pro and Enterprise plans.
            </p>
            <p className="break-all rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-800">
              <span className="font-semibold text-indigo-700">POST</span> {origin}/api/emails/api/send
            </p>
            <p>The request body is JSON with these fields:</p>
            <Table head={['Field', 'Type', 'Required', 'Description']} rows={bodyFields} />
            <p>
              Emails go out from your default sender account. A successful call answers with the stored email in{' '}
              <InlineCode>data</InlineCode>, including its <InlineCode>_id</InlineCode> and <InlineCode>status</InlineCode>.
            </p>
            <CodeBlock label="curl" code={curlSendExample(origin)} />
            <CodeBlock label="Node.js (fetch)" code={nodeSendExample(origin)} />
            <CodeBlock label="TypeScript (typed client)" code={clientSendExample(origin)} />
            <p>
              Every endpoint, with request and response schemas, is listed in the{' '}
              <a href="/api/reference" className={linkStyles}>
                full API reference
              </a>
              .
            </p>
          </Section>

          <Section id="templates" title="Templates">
            <p>
              Templates keep a name, subject and body. Write variables as double braces around the name, like{' '}
              <InlineCode>{'{{name}}'}</InlineCode> or <InlineCode>{'{{company}}'}</InlineCode>, in the subject or the body;
              Mailwright detects them and lists them on the template.
            </p>
            <CodeBlock label="Template body" code={'<p>Hi {{name}},</p>\n<p>Welcome to {{company}}!</p>'} />
            <p>
              To send a template, pass its <InlineCode>templateId</InlineCode> (copy it from the Templates screen) and the values
              of its variables:
            </p>
            <CodeBlock label="curl (template)" code={templateSendExample(origin)} />
          </Section>

          <Section id="scheduling" title="Scheduling">
            <p>
              Add <InlineCode>scheduledAt</InlineCode> with an ISO 8601 date and time to send later. Use a UTC time ending in{' '}
              <InlineCode>Z</InlineCode> or include an offset such as <InlineCode>+05:30</InlineCode>. Scheduled emails show as{' '}
              <strong>scheduled</strong> in Email Logs, where you can cancel them before they are sent.
            </p>
            <CodeBlock label="curl (scheduled)" code={curlScheduleExample(origin)} />
          </Section>

          <Section id="rate-limits" title="Rate limits & quotas">
            <ul className="list-disc space-y-2 pl-5">
              <li>
                Monthly email quota per plan: Free 100, Pro 10,000, Enterprise unlimited. The quota resets at the start of each
                calendar month; over the limit, sends are refused until then or until you upgrade.
              </li>
              <li>
                The public API allows each API key its plan's requests per minute (at most 6,000 by default), and an account's
                keys together four times that by default.
              </li>
              <li>Sign-in, sign-up and password-reset requests are limited to 20 per minute per IP address by default.</li>
              <li>
                Over a limit the API answers <InlineCode>429 Too Many Requests</InlineCode>; wait for the time in the{' '}
                <InlineCode>Retry-After</InlineCode> header and try again. Self-hosted operators can change these limits.
              </li>
              <li>Gmail and Outlook apply their own sending limits; Mailwright paces sends per account and retries later.</li>
            </ul>
          </Section>

          <Section id="errors" title="Errors">
            <p>
              Any status outside 200–299 is a failure. The body is JSON with a readable <InlineCode>message</InlineCode> and a
              machine-readable <InlineCode>code</InlineCode>:
            </p>
            <CodeBlock label="Error response" code={'{\n  "message": "Invalid API key",\n  "code": "UNAUTHORIZED"\n}'} />
            <Table
              head={['Status', 'Meaning']}
              rows={[
                ['400', 'The body is invalid, e.g. a missing field or a template variable without a value.'],
                ['401', 'The X-API-Key header is missing, unknown or the key is inactive.'],
                ['403', 'Your plan does not include API access (code API_ACCESS_REQUIRED).'],
                ['429', 'Too many requests (see Retry-After), or the monthly quota is used up (code QUOTA_EXCEEDED).'],
              ]}
            />
          </Section>

          <Section id="resend" title="Migrating from Resend">
            <p>
              Mailwright speaks Resend&apos;s email API under <InlineCode>/compat/resend</InlineCode>, so an application that uses
              a Resend SDK switches by changing its environment: point the SDK at Mailwright and give it a Mailwright API key (Pro
              and Enterprise plans). The SDK sends the key as <InlineCode>Authorization: Bearer</InlineCode>, which Mailwright
              accepts there like <InlineCode>X-API-Key</InlineCode> elsewhere.
            </p>
            <CodeBlock label="Environment" code={resendEnvExample(origin)} />
            <CodeBlock label="Node.js (resend package, unchanged code)" code={resendNodeExample} />
            <Table head={['Route', 'What it does']} rows={resendRoutes} />
            <ul className="list-disc space-y-2 pl-5">
              <li>
                <InlineCode>from</InlineCode> (<InlineCode>Name &lt;address&gt;</InlineCode> or a bare address) must be the
                address of one of your sender accounts: the email goes out through that account, with its display name. Otherwise
                the answer is 422 <InlineCode>validation_error</InlineCode> naming <InlineCode>from</InlineCode>.
              </li>
              <li>
                <InlineCode>html</InlineCode> and <InlineCode>text</InlineCode> together are sent as one multipart/alternative
                message. <InlineCode>reply_to</InlineCode> becomes Reply-To. <InlineCode>headers</InlineCode> are added as given,
                except those Mailwright sets itself (From, To, Cc, Bcc, Reply-To, Subject, Message-ID, Date, MIME-Version,
                Content-*, List-Unsubscribe*), which are refused, as are values with line breaks.
              </li>
              <li>
                <InlineCode>tags</InlineCode> (names and values of ASCII letters, digits, _ and -, up to 256 characters) are kept
                with the email and sent in its webhook events as <InlineCode>data.tags</InlineCode>.
              </li>
              <li>
                <InlineCode>attachments</InlineCode> take <InlineCode>content</InlineCode> (base64) or{' '}
                <InlineCode>path</InlineCode> (a public https URL), up to 10 files and 10 MB per email; inline images (
                <InlineCode>content_id</InlineCode>) are not supported.
              </li>
              <li>
                <InlineCode>scheduled_at</InlineCode> takes an ISO 8601 time or Resend&apos;s <InlineCode>in 10 min</InlineCode>{' '}
                style (seconds, minutes, hours, days), up to a year ahead.
              </li>
              <li>
                An <InlineCode>Idempotency-Key</InlineCode> header makes a retry with the same body answer the first id for 24
                hours (batches included); the same key with another body answers 409.
              </li>
              <li>
                <InlineCode>POST /emails/batch</InlineCode> follows <InlineCode>x-batch-validation</InlineCode>: with{' '}
                <InlineCode>strict</InlineCode> (the default) one invalid email refuses the batch and nothing is sent; with{' '}
                <InlineCode>permissive</InlineCode> the valid ones are sent and <InlineCode>errors</InlineCode> lists the others
                by index.
              </li>
              <li>
                Sends through this API count against the same monthly quota, suppression list, rate limits and sender limits as
                the REST API.
              </li>
            </ul>
            <p>
              Errors answer Resend&apos;s shape, <InlineCode>{'{ statusCode, message, name }'}</InlineCode>, with
              Mailwright&apos;s message:
            </p>
            <Table head={['name', 'Status', 'When']} rows={resendErrors} />
          </Section>

          <Section id="smtp" title="Sending over SMTP">
            <p>
              Applications that already send over SMTP (WordPress, Django, Rails, Laravel, Nextcloud, monitoring tools) point
              their SMTP settings at Mailwright and sign in with an API key as the password. Each message goes through the same
              checks as the REST API (plan, sender, suppression list, monthly quota) and out as you wrote it: attachments and
              inline images byte for byte.
            </p>
            <Table head={['Setting', 'Value']} rows={smtpSettings(origin)} />
            <CodeBlock label="Node.js (nodemailer)" code={smtpNodeExample(origin)} />
            <ul className="list-disc space-y-2 pl-5">
              <li>
                Mailwright sets only what it must: its own <InlineCode>Message-ID</InlineCode> (bounces and replies are matched by
                it), a <InlineCode>Date</InlineCode> when yours has none, and for a sender pool the From of the account that sends
                it. Your <InlineCode>Bcc</InlineCode> header is removed; those recipients get the message through the envelope.
              </li>
              <li>
                Opens and clicks are tracked in the HTML part. Add the header <InlineCode>X-Mailwright-Track: off</InlineCode> to
                send a message untouched.
              </li>
              <li>
                A retry is never sent twice: the same <InlineCode>X-Mailwright-Idempotency-Key</InlineCode> header, or without it
                the same Message-ID, answers the first email&apos;s id.
              </li>
            </ul>
            <Table head={['Reply', 'When']} rows={smtpReplies} />
          </Section>

          <Section id="support" title="Support">
            <p>
              Email{' '}
              <a href="mailto:support@mailwright.dev" className={linkStyles}>
                support@mailwright.dev
              </a>{' '}
              or use the{' '}
              <Link to="/contact" className={linkStyles}>
                contact form
              </Link>
              . We answer within 24 hours on business days, and within 4 hours for Pro and Enterprise priority support.
            </p>
            <div className="flex flex-wrap gap-3 pt-2">
              <Link to="/signup" className={buttonStyles.primary}>
                Get Started
              </Link>
              <Link to="/contact" className={buttonStyles.secondary}>
                Contact support
              </Link>
            </div>
          </Section>
        </article>
      </div>
    </PublicLayout>
  );
}
