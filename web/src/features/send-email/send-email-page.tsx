// /send-email: from account or sender pool, template (fills subject and body; one input per variable), to, cc,
// bcc, subject, message, optional schedule (date, time, zone). 'Schedule Email' when scheduled, else 'Send Email'.
import { extractVariables } from '@mailwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { emailsApi, errorMessage, type Template, templatesApi } from '../../api';
import { SelectField } from '../../components/select-field';
import { buttonStyles, linkStyles } from '../../components/styles';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { useAccounts } from '../accounts/queries';
import { emailKeys } from '../emails/queries';
import { cardStyles, PageHeading } from '../layout/page-heading';
import { useSenderPools } from '../sender-pools/queries';
import { useTemplates } from '../templates/queries';
import { TemplatePreview } from '../templates/template-preview';
import { UnsubscribeCheckbox } from '../templates/unsubscribe-checkbox';
import { VariableInputs, valuesFor } from '../templates/variable-inputs';
import { buildSendBody, isScheduled } from './build-send-body';
import { browserTimeZone, buildTimeZoneOptions, withZone } from './time-zone-options';

/** The sender select's value for a pool; an account's value is its id, the default account's ''. */
export const POOL_OPTION_PREFIX = 'pool:';

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

  useEffect(() => {
    if (accounts.isError || templates.isError) toast.error('Failed to load data', { id: 'send-load' });
  }, [accounts.isError, templates.isError]);

  const variableNames = useMemo(() => (template ? extractVariables(subject, body) : []), [template, subject, body]);
  const variableValues = valuesFor(variableNames, variables);
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
    onError: (error) => toast.error(errorMessage(error, 'Failed to send email')),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
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
            onChange={(event) => setSender(event.target.value)}
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
            onChange={(event) => void chooseTemplate(event.target.value)}
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
          onChange={(event) => setTo(event.target.value)}
          placeholder="alice@example.com, bob@example.com"
          hint="Separate several addresses with commas"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="CC" value={cc} onChange={(event) => setCc(event.target.value)} placeholder="Optional" />
          <TextField label="BCC" value={bcc} onChange={(event) => setBcc(event.target.value)} placeholder="Optional" />
        </div>
        <TextField label="Subject" required value={subject} onChange={(event) => setSubject(event.target.value)} />
        <TextAreaField
          label="Message"
          id="message"
          required
          rows={10}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          placeholder="Plain text or HTML"
        />
        {template && (
          <>
            <VariableInputs idPrefix="var" names={variableNames} values={variableValues} onChange={setVariables} />
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
            onChange={(event) => setScheduleDate(event.target.value)}
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
            onChange={(event) => setTimezone(event.target.value)}
            hint={`Your browser's time zone: ${browserZone}${zoneLabel && zoneLabel !== browserZone ? ` — ${zoneLabel}` : ''}`}
          >
            {zones.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <div className="flex justify-end">
          <button type="submit" className={`${buttonStyles.primary} w-full sm:w-auto`} disabled={send.isPending}>
            {send.isPending ? 'Sending...' : scheduled ? 'Schedule Email' : 'Send Email'}
          </button>
        </div>
      </form>
    </>
  );
}
