// /send-email: from account or sender pool, template (fills subject and body; one input per variable), to, cc,
// bcc, subject, message, optional schedule (date, time, zone). 'Schedule Email' when scheduled, else 'Send Email'.
import { extractVariables } from '@mailwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { emailsApi, type Template, templatesApi } from '../../api';
import { SelectField } from '../../components/select-field';
import { buttonStyles, linkStyles } from '../../components/styles';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { useAccounts } from '../accounts/queries';
import { emailKeys } from '../emails/queries';
import { FormAlert } from '../forms/form-alert';
import { useFormErrors } from '../forms/use-form-errors';
import { cardStyles, PageHeading } from '../layout/page-heading';
import { useSenderPools } from '../sender-pools/queries';
import { useTemplates } from '../templates/queries';
import { TemplatePreview } from '../templates/template-preview';
import { UnsubscribeCheckbox } from '../templates/unsubscribe-checkbox';
import { VariableInputs, valuesFor } from '../templates/variable-inputs';
import { buildSendBody, isScheduled, missingVariables } from './build-send-body';
import { browserTimeZone, buildTimeZoneOptions, withZone } from './time-zone-options';

/** The sender select's value for a pool; an account's value is its id, the default account's ''. */
export const POOL_OPTION_PREFIX = 'pool:';

/** Server body fields → their labels on this form (errors are shown next to the field they name). */
const SEND_FIELDS = {
  to: 'To',
  cc: 'CC',
  bcc: 'BCC',
  subject: 'Subject',
  body: 'Message',
  emailAccountId: 'From Account',
  senderPoolId: 'From Account',
  templateId: 'Template',
  scheduledAt: 'Date',
  timezone: 'Timezone',
};

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

export function SendEmailPage() {
  const queryClient = useQueryClient();
  const accounts = useAccounts();
  const pools = useSenderPools();
  const templates = useTemplates();
  const browserZone = useMemo(browserTimeZone, []);
  const zones = useMemo(() => withZone(buildTimeZoneOptions(), browserZone), [browserZone]);

  const [sender, setSender] = useState('');
  const [template, setTemplate] = useState<Template | null>(null);
  const [variables, setVariables] = useState<Record<string, string>>({});
  const [to, setTo] = useState('');
  const [cc, setCc] = useState('');
  const [bcc, setBcc] = useState('');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [scheduleDate, setScheduleDate] = useState('');
  const [scheduleTime, setScheduleTime] = useState('');
  const [timezone, setTimezone] = useState(zones.selected);
  const [unsubscribe, setUnsubscribe] = useState(false);
  const errors = useFormErrors(SEND_FIELDS);
  /** A change handler that also drops the error shown for that field. */
  const edit = (field: string, set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    errors.clear(field);
  };

  useEffect(() => {
    if (accounts.isError || templates.isError) toast.error('Failed to load data', { id: 'send-load' });
  }, [accounts.isError, templates.isError]);

  const variableNames = useMemo(() => (template ? extractVariables(subject, body) : []), [template, subject, body]);
  const variableValues = valuesFor(variableNames, variables);
  const missing = template ? missingVariables(variableValues) : [];
  const scheduled = isScheduled({ scheduleDate });

  async function chooseTemplate(templateId: string) {
    if (!templateId) {
      setTemplate(null);
      return;
    }
    try {
      const chosen = await queryClient.fetchQuery({
        queryKey: ['templates', templateId],
        queryFn: () => templatesApi.get(templateId),
      });
      setTemplate(chosen);
      setSubject(chosen.subject);
      setBody(chosen.body);
      // A template that asks for one-click unsubscribe gets it whatever the box said; the user may still add it.
      if (chosen.unsubscribe) setUnsubscribe(true);
    } catch {
      toast.error('Failed to load template');
    }
  }

  const send = useMutation({
    mutationFn: emailsApi.send,
    onMutate: errors.reset,
    onSuccess: () => {
      toast.success(scheduled ? 'Email scheduled!' : 'Email sent!');
      setTo('');
      setCc('');
      setBcc('');
      setSubject('');
      setBody('');
      setTemplate(null);
      setVariables({});
      setScheduleDate('');
      setScheduleTime('');
      setUnsubscribe(false);
      void queryClient.invalidateQueries({ queryKey: emailKeys.all });
    },
    onError: (error) => errors.report(error, 'Failed to send email'),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (missing.length > 0) return;
    try {
      send.mutate(
        buildSendBody({
          emailAccountId: sender.startsWith(POOL_OPTION_PREFIX) ? '' : sender,
          senderPoolId: sender.startsWith(POOL_OPTION_PREFIX) ? sender.slice(POOL_OPTION_PREFIX.length) : '',
          template,
          variables: variableValues,
          to,
          cc,
          bcc,
          subject,
          body,
          scheduleDate,
          scheduleTime,
          timezone,
          unsubscribe,
        }),
      );
    } catch {
      toast.error('Failed to send email');
    }
  }

  const accountList = accounts.data ?? [];
  const poolList = pools.data ?? [];
  const accountOptions = accountList.map((account) => (
    <option key={account._id} value={account._id}>
      {account.displayName ? `${account.displayName} <${account.email}>` : account.email}
      {account.isDefault ? ' (Default)' : ''}
    </option>
  ));
  const zoneLabel = zones.options.find((option) => option.value === zones.selected)?.label;
  return (
    <>
      <PageHeading title="Send Email" description="Send now or schedule for later, from any of your accounts." />
      {accounts.isSuccess && accountList.length === 0 && (
        <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800">
          You have no email account yet.{' '}
          <Link to="/email-accounts" className={linkStyles}>
            Add one first
          </Link>
          .
        </p>
      )}
      <form onSubmit={submit} className={`${cardStyles} grid gap-5 p-4 sm:p-6`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="From Account"
            id="from-account"
            value={sender}
            onChange={edit('emailAccountId', setSender)}
            error={errors.fields.emailAccountId ?? errors.fields.senderPoolId}
            hint={
              sender.startsWith(POOL_OPTION_PREFIX) ? 'The pool picks a healthy account with capacity when it sends.' : undefined
            }
          >
            <option value="">Default account</option>
            {poolList.length > 0 ? <optgroup label="Email accounts">{accountOptions}</optgroup> : accountOptions}
            {poolList.length > 0 && (
              <optgroup label="Sender pools">
                {poolList.map((pool) => (
                  <option key={pool._id} value={`${POOL_OPTION_PREFIX}${pool._id}`}>
                    {pool.name} (pool)
                  </option>
                ))}
              </optgroup>
            )}
          </SelectField>
          <SelectField
            label="Template"
            id="template"
            value={template?._id ?? ''}
            onChange={(event) => {
              errors.clear('templateId');
              void chooseTemplate(event.target.value);
            }}
            error={errors.fields.templateId}
          >
            <option value="">No template</option>
            {(templates.data ?? []).map((item) => (
              <option key={item._id} value={item._id}>
                {item.name}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          label="To"
          required
          value={to}
          onChange={edit('to', setTo)}
          error={errors.fields.to}
          placeholder="alice@example.com, bob@example.com"
          hint="Separate several addresses with commas"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="CC" value={cc} onChange={edit('cc', setCc)} error={errors.fields.cc} placeholder="Optional" />
          <TextField label="BCC" value={bcc} onChange={edit('bcc', setBcc)} error={errors.fields.bcc} placeholder="Optional" />
        </div>
        <TextField
          label="Subject"
          required
          value={subject}
          onChange={edit('subject', setSubject)}
          error={errors.fields.subject}
        />
        <TextAreaField
          label="Message"
          id="message"
          required
          rows={10}
          value={body}
          onChange={edit('body', setBody)}
          error={errors.fields.body}
          placeholder="Plain text or HTML"
        />
        {template && (
          <>
            <VariableInputs idPrefix="var" names={variableNames} values={variableValues} onChange={setVariables} required />
            {variableNames.length > 0 && <TemplatePreview subject={subject} body={body} values={variableValues} />}
          </>
        )}
        <UnsubscribeCheckbox
          id="send-unsubscribe"
          checked={unsubscribe}
          onChange={setUnsubscribe}
          hint={
            template?.unsubscribe
              ? 'The chosen template always adds it.'
              : 'Recipients can unsubscribe in one click from their mail app; they are then added to your suppression list.'
          }
          disabled={Boolean(template?.unsubscribe)}
        />
        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-3">
          <legend className="px-1 text-sm font-medium text-slate-700">Schedule (optional)</legend>
          <TextField
            label="Date"
            type="date"
            min={today()}
            value={scheduleDate}
            onChange={edit('scheduledAt', setScheduleDate)}
            error={errors.fields.scheduledAt}
          />
          <TextField
            label="Time"
            type="time"
            required={scheduled}
            value={scheduleTime}
            onChange={(event) => setScheduleTime(event.target.value)}
          />
          <SelectField
            label="Timezone"
            id="timezone"
            value={timezone}
            onChange={edit('timezone', setTimezone)}
            error={errors.fields.timezone}
            hint={`Your browser's time zone: ${browserZone}${zoneLabel && zoneLabel !== browserZone ? ` — ${zoneLabel}` : ''}`}
          >
            {zones.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <FormAlert error={errors.alert} />
        <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-end">
          {missing.length > 0 && (
            <p id="send-blocked" className="text-sm text-amber-800" data-testid="send-blocked">
              Fill in {missing.map((name) => `{{${name}}}`).join(', ')} to send: the email would otherwise go out with blanks.
            </p>
          )}
          <button
            type="submit"
            className={`${buttonStyles.primary} w-full sm:w-auto`}
            disabled={send.isPending || missing.length > 0}
            aria-describedby={missing.length > 0 ? 'send-blocked' : undefined}
          >
            {send.isPending ? 'Sending...' : scheduled ? 'Schedule Email' : 'Send Email'}
          </button>
        </div>
      </form>
    </>
  );
}
