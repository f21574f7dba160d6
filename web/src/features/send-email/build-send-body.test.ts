import { describe, expect, it } from 'vitest';
import { buildSendBody, missingVariables, type SendForm } from './build-send-body';

const base: SendForm = {
  emailAccountId: '',
  template: null,
  variables: {},
  to: 'a@x.test, b@x.test',
  cc: '',
  bcc: '',
  subject: 'Hello',
  body: 'Body',
  scheduleDate: '',
  scheduleTime: '',
  timezone: 'Asia/Kolkata',
};

describe('buildSendBody', () => {
  it('sends now with split recipients, empty cc/bcc lists and no account when none is chosen', () => {
    expect(buildSendBody(base)).toEqual({ to: ['a@x.test', 'b@x.test'], cc: [], bcc: [], subject: 'Hello', body: 'Body' });
  });

  it('schedules the wall-clock time in the chosen zone as a UTC instant and keeps the zone', () => {
    const body = buildSendBody({ ...base, emailAccountId: 'acc1', scheduleDate: '2030-01-05', scheduleTime: '18:30' });
    expect(body).toMatchObject({ emailAccountId: 'acc1', scheduledAt: '2030-01-05T13:00:00.000Z', timezone: 'Asia/Kolkata' });
  });

  it('sends the template id and variables when the template text is unchanged', () => {
    const template = { _id: 't1', subject: 'Hi {{name}}', body: 'Dear {{name}}' };
    const body = buildSendBody({ ...base, template, subject: template.subject, body: template.body, variables: { name: 'Ada' } });
    expect(body).toMatchObject({ templateId: 't1', variables: { name: 'Ada' } });
  });

  it('renders edited template text locally instead', () => {
    const template = { _id: 't1', subject: 'Hi {{name}}', body: 'Dear {{name}}' };
    const body = buildSendBody({ ...base, template, subject: 'Yo {{name}}', body: 'Dear {{name}}', variables: { name: 'Ada' } });
    expect(body.templateId).toBeUndefined();
    expect(body).toMatchObject({ subject: 'Yo Ada', body: 'Dear Ada' });
  });

  it('refuses edited template text that its values fill past what a send may carry', () => {
    const template = { _id: 't1', subject: 'Hi {{name}}', body: 'Dear {{name}}' };
    const form = {
      ...base,
      template,
      subject: 'Yo {{name}}',
      body: '{{name}} '.repeat(2_000),
      variables: { name: 'n'.repeat(990) },
    };
    expect(() => buildSendBody(form)).toThrow('The body filled in with these values must be at most 1048576 characters');
    expect(() => buildSendBody({ ...form, body: 'Dear {{name}}' })).not.toThrow();
  });

  it('refuses to build a template send while a variable has no value', () => {
    const template = { _id: 't1', subject: 'Welcome to {{company}}, {{name}}!', body: 'Hi' };
    const form = { ...base, template, subject: template.subject, body: template.body };
    expect(() => buildSendBody({ ...form, variables: { company: '', name: 'Bea' } })).toThrow(/company/);
    expect(() => buildSendBody({ ...form, variables: { company: '  ', name: 'Bea' } })).toThrow(/company/);
    expect(missingVariables({ company: '', name: 'Bea', team: ' ' })).toEqual(['company', 'team']);
  });

  it('sends from a pool with senderPoolId and no emailAccountId', () => {
    const body = buildSendBody({ ...base, emailAccountId: 'acc1', senderPoolId: 'pool1' });
    expect(body.senderPoolId).toBe('pool1');
    expect(body).not.toHaveProperty('emailAccountId');
  });
});
