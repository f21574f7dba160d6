// Messages in a sender's mailbox are written by anyone: every scan here must stay linear in its input. 5 MB
// adversarial messages (long single lines, runs of '<', '@', '&', boundaries, quote marks) must classify in well
// under a second, and each scan must read 1 MiB of each pathological pattern in well under a second.
import { describe, expect, it } from 'vitest';
import { addressesIn } from './addresses';
import { classifyMessage } from './classify-message';
import { htmlToText } from './html-text';
import { messageIdsIn } from './message-ids';
import { readFieldGroups } from './mime/header-fields';
import { readMime } from './mime/read-mime';
import { quotedMessageIds } from './quoted-ids';
import { replySnippet } from './reply-snippet';
import { readTextBounce } from './text-bounce';

const MIB = 1024 * 1024;
const BOUND_MS = 1_000;
const fill = (unit: string, size = MIB) => unit.repeat(Math.floor(size / unit.length));

const PATTERNS: Record<string, string> = {
  "'<' repeated": fill('<'),
  "'<a' repeated, one '>' at the end": `${fill('<a')}>`,
  "'a@' repeated": fill('a@'),
  "'a.a@a.' repeated": fill('a.a@a.'),
  "'<a@b' repeated": fill('<a@b'),
  "'&' repeated": fill('&'),
  "'&amp' repeated": fill('&amp'),
  "'<style>' repeated": fill('<style>'),
  "'550 5.1.1 ' repeated": fill('550 5.1.1 '),
  "'5.5.5.' repeated": fill('5.5.5.'),
  "'> ' lines": fill('> quoted\n'),
  "'Message-ID: <' lines": fill('Message-ID: <\n'),
  "'Message-ID:' then folded lines": `Message-ID:\n${fill(' <a@b>\n')}`,
  "'a:' repeated": fill('a:'),
  'one long line': fill('x'),
  'many empty lines': fill('\n'),
  "'--' repeated": fill('--'),
};

const elapsedMs = async (run: () => unknown) => {
  const start = performance.now();
  await run();
  return performance.now() - start;
};

describe('scans of mailbox messages are linear', () => {
  const scans: Record<string, (text: string) => unknown> = {
    messageIdsIn,
    addressesIn,
    htmlToText,
    readFieldGroups,
    quotedMessageIds,
    replySnippet,
    readMime,
    readTextBounce: (text) => readTextBounce(text, { subject: 'Undeliverable: x', failedRecipients: text, ownAddresses: [] }),
  };
  for (const [scan, run] of Object.entries(scans)) {
    it(`${scan} reads 1 MiB of each pathological pattern in well under a second`, async () => {
      const slow: { pattern: string; ms: number }[] = [];
      for (const [pattern, text] of Object.entries(PATTERNS)) {
        const ms = Math.round(await elapsedMs(() => run(text)));
        if (ms >= BOUND_MS) slow.push({ pattern, ms });
      }
      expect(slow).toEqual([]);
    });
  }

  const FIVE_MB = 5 * MIB;
  const adversarial: Record<string, string> = {
    "a 5 MB body of 'a', '<' and '@'": `From: x@y.example\nIn-Reply-To: <a@mailwright>\nSubject: Re: hi\n\n${fill('aaaa<a@', FIVE_MB)}`,
    'a 1 MB single header line': `Subject: Undeliverable: ${fill('<a@b ')}\nX-Failed-Recipients: ${fill('a@')}\n\n${fill('550 ', FIVE_MB - MIB)}`,
    'a report with a 5 MB delivery-status part': `Content-Type: multipart/report; report-type=delivery-status; boundary=b\n\n--b\nContent-Type: message/delivery-status\n\nFinal-Recipient: rfc822; ${fill('a@a.', FIVE_MB)}\nAction: failed\n--b--\n`,
    'a 5 MB HTML reply': `From: x@y.example\nIn-Reply-To: <a@mailwright>\nContent-Type: text/html\n\n${fill('<div><a href="&amp;&', FIVE_MB)}`,
    'a 5 MB quoted-printable bounce': `From: MAILER-DAEMON@x.example\nSubject: failure notice\nContent-Transfer-Encoding: quoted-printable\n\n${fill('=3D=\n=', FIVE_MB)}`,
    'boundaries everywhere': `Content-Type: multipart/mixed; boundary=b\n\n${fill('--b\n\n', FIVE_MB)}`,
  };
  for (const [name, text] of Object.entries(adversarial)) {
    it(`classifies ${name} in well under a second`, async () => {
      const raw = Buffer.from(text, 'latin1');
      const ms = await elapsedMs(() => classifyMessage(raw));
      expect(ms).toBeLessThan(BOUND_MS);
    });
  }
});
