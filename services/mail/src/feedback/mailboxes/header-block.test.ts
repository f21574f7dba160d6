import { describe, expect, it } from 'vitest';
import { parseHeaderBlock } from './header-block';

describe('parseHeaderBlock', () => {
  it('unfolds continued lines, lower-cases names and keeps the first of repeated fields', () => {
    const fields = parseHeaderBlock(
      'Content-Type: multipart/report;\r\n\treport-type=delivery-status;\r\n boundary="x"\r\nIn-Reply-To: <a@b>\r\nin-reply-to: <c@d>\r\n\r\n',
    );
    expect(fields.get('content-type')).toBe('multipart/report; report-type=delivery-status; boundary="x"');
    expect(fields.get('in-reply-to')).toBe('<a@b>');
    expect(fields.has('references')).toBe(false);
  });
});
