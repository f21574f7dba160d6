import { AppError } from '@mailwright/kit';
import { describe, expect, it } from 'vitest';
import { toTemplateFields } from './template-input';

describe('toTemplateFields', () => {
  it('derives variables from subject then body and defaults the category', () => {
    expect(toTemplateFields({ name: ' Hello ', subject: 'Hi {{a}}', body: '{{b}} {{a}} {{ c.d }}' })).toEqual({
      name: 'Hello',
      subject: 'Hi {{a}}',
      body: '{{b}} {{a}} {{ c.d }}',
      category: 'general',
      variables: ['a', 'b', 'c.d'],
      unsubscribe: false,
    });
  });

  it('keeps the current category when none is given and uses a given one', () => {
    const current = { category: 'sales', unsubscribe: false };
    expect(toTemplateFields({ name: 'n', subject: 's', body: 'b' }, current).category).toBe('sales');
    expect(toTemplateFields({ name: 'n', subject: 's', body: 'b', category: 'ops' }, current).category).toBe('ops');
  });

  it('keeps the current unsubscribe choice when none is given and uses a given one', () => {
    const current = { category: 'sales', unsubscribe: true };
    expect(toTemplateFields({ name: 'n', subject: 's', body: 'b' }, current).unsubscribe).toBe(true);
    expect(toTemplateFields({ name: 'n', subject: 's', body: 'b', unsubscribe: false }, current).unsubscribe).toBe(false);
    expect(toTemplateFields({ name: 'n', subject: 's', body: 'b', unsubscribe: true }).unsubscribe).toBe(true);
  });

  it('refuses a subject with a line break', () => {
    expect(() => toTemplateFields({ name: 'n', subject: 'a\nb', body: 'b' })).toThrowError(
      new AppError('VALIDATION_ERROR', 'Template subject must be a single line'),
    );
  });

  it('measures the body in UTF-8 bytes', () => {
    expect(() => toTemplateFields({ name: 'n', subject: 's', body: 'é'.repeat(524_289) })).toThrowError(
      'Template body must be 1 byte to 1 MB',
    );
    expect(toTemplateFields({ name: 'n', subject: 's', body: 'é'.repeat(524_288) }).body).toHaveLength(524_288);
  });
});
