// The mail service's two SMTP routes (contracts smtp-intake.ts). Its refusals arrive as AppErrors with its code and
// message; an unreachable or failing service as SERVICE_UNAVAILABLE or BAD_GATEWAY.
import type { AcceptedSmtpMessage, AcceptSmtpMessageBody, CheckSmtpSenderBody, SmtpSender } from '@mailwright/contracts';
import type { InternalClient } from '@mailwright/kit';
import type { MailIntake } from '../deps';

export class MailIntakeClient implements MailIntake {
  constructor(
    private readonly client: InternalClient,
    private readonly mailUrl: string,
    private readonly acceptTimeoutMs: number,
  ) {}

  async checkSender(userId: string, address: string): Promise<SmtpSender> {
    const body: CheckSmtpSenderBody = { userId, address };
    const answer = await this.client.call<{ data: SmtpSender }>(this.mailUrl, '/internal/smtp/senders', {
      body,
      timeoutMs: 5_000,
    });
    return answer.data;
  }

  async accept(body: AcceptSmtpMessageBody): Promise<AcceptedSmtpMessage> {
    const answer = await this.client.call<{ data: AcceptedSmtpMessage }>(this.mailUrl, '/internal/smtp/messages', {
      body,
      timeoutMs: this.acceptTimeoutMs,
    });
    return answer.data;
  }
}
