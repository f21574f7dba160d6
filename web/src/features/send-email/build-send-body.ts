// Turns the /send-email form into the send payload (spec sections 3, 5 and 7).
import { renderedTooLongMessage, renderTemplate, zonedWallTimeToUtc } from '@mailwright/contracts';
import type { SendEmailBody, Template } from '../../api';
import { parseRecipients } from './recipients';

export interface SendForm {
  emailAccountId: string;
  /** A sender pool instead of one account (the account is picked at delivery); wins over emailAccountId. */
  senderPoolId?: string;
  template: Pick<Template, '_id' | 'subject' | 'body'> | null;
  variables: Record<string, string>;
  to: string;
  cc: string;
  bcc: string;
  subject: string;
  body: string;
  scheduleDate: string;
  scheduleTime: string;
  timezone: string;
  /** RFC 8058 one-click unsubscribe headers on the message (issue 21). */
  unsubscribe?: boolean;
}

/** The template variables with no value yet: the form cannot send until this is empty. */
export const missingVariables = (values: Record<string, string>) =>
  Object.entries(values)
    .filter(([, value]) => value.trim() === '')
    .map(([name]) => name);

export const isScheduled = (form: Pick<SendForm, 'scheduleDate'>) => form.scheduleDate.trim() !== '';

export function buildSendBody(form: SendForm): SendEmailBody {
  const payload: SendEmailBody = {
    to: parseRecipients(form.to),
    cc: parseRecipients(form.cc),
    bcc: parseRecipients(form.bcc),
    subject: form.subject,
    body: form.body,
  };
  if (form.senderPoolId) payload.senderPoolId = form.senderPoolId;
  else if (form.emailAccountId) payload.emailAccountId = form.emailAccountId;
  if (form.template) {
    // What is sent must be what the preview shows: never a template with a blank where a value belongs.
    const missing = missingVariables(form.variables);
    if (missing.length > 0) throw new Error(`Template variables without a value: ${missing.join(', ')}`);
    const isUnchanged = form.subject === form.template.subject && form.body === form.template.body;
    if (isUnchanged) {
      // The server renders the stored template with these values.
      payload.templateId = form.template._id;
      payload.variables = form.variables;
    } else {
      // The user edited the text after choosing the template: send what they see, filled in.
      const rendered = renderTemplate({ subject: form.subject, body: form.body }, form.variables);
      if (rendered.tooLong) throw new Error(renderedTooLongMessage(rendered.tooLong));
      payload.subject = rendered.subject;
      payload.body = rendered.body;
    }
  }
  if (form.unsubscribe) payload.unsubscribe = true;
  if (isScheduled(form)) {
    payload.scheduledAt = zonedWallTimeToUtc(form.scheduleDate, form.scheduleTime || '00:00', form.timezone).toISOString();
    payload.timezone = form.timezone;
  }
  return payload;
}
