// The small page a person sees at a List-Unsubscribe URL: GET asks to confirm (a mail client's one-click POST
// needs no page), the form POSTs back to the same URL, and the answer confirms. No script, no external resource.
import { escapeHtml } from '@mailwright/contracts';

const STYLE = `body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f6f7f9;color:#1f2933;margin:0}
main{max-width:28rem;margin:12vh auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.35rem;margin:0 0 .75rem}p{line-height:1.5;margin:0 0 1.25rem}
button{font:inherit;font-weight:600;background:#2563eb;color:#fff;border:0;border-radius:8px;padding:.7rem 1.2rem;cursor:pointer}
button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Hides most of the address: the page is reachable by anyone holding the link. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length))}${'•'.repeat(Math.max(1, Math.min(6, local.length - 2)))}${address.slice(at)}`;
}

export function confirmPage(recipient: string, sender: string): string {
  return page(
    'Unsubscribe',
    `<p>Stop emails from <strong>${escapeHtml(sender)}</strong> to <strong>${escapeHtml(maskAddress(recipient))}</strong>?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(recipient: string, sender: string): string {
  return page(
    'You are unsubscribed',
    `<p><strong>${escapeHtml(maskAddress(recipient))}</strong> will no longer receive emails from <strong>${escapeHtml(sender)}</strong>.</p>`,
  );
}

export const invalidPage = (): string =>
  page(
    'Link not valid',
    '<p>This unsubscribe link is not valid. Copy the whole link from the email, or reply to the sender.</p>',
  );
