// The email row as raw SQL returns it, aliased to the drizzle row's camelCase names so both paths share one type.
export const EMAIL_COLUMNS = `id, user_id AS "userId", email_account_id AS "emailAccountId", template_id AS "templateId",
  api_key_id AS "apiKeyId", from_email AS "fromEmail", from_name AS "fromName", "to", cc, bcc, subject, body,
  is_html AS "isHtml", links, status, error, message_id AS "messageId", timezone, scheduled_at AS "scheduledAt",
  sent_at AS "sentAt", quota_month AS "quotaMonth", attempts, claim_token AS "claimToken", claimed_at AS "claimedAt", job_id AS "jobId",
  opened, opened_at AS "openedAt", clicked, clicked_at AS "clickedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The same list qualified with a table alias, for statements that join. */
export const emailColumnsOf = (alias: string) =>
  EMAIL_COLUMNS.split(/,\s*/)
    .map((column) => `${alias}.${column.trim()}`)
    .join(', ');
