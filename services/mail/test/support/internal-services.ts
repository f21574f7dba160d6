// Stand-ins for the accounts, templates and billing internal endpoints the mail service calls, speaking
// their contracts (services/contracts) and checking the internal token like the real services do.
import type {
  Entitlements,
  MailboxAccess,
  MailboxReaderEntry,
  ReportFeedbackStateBody,
  ReportSenderHealthBody,
  ResolvedAccount,
  ResolvedSenderPool,
  SenderHealth,
  SenderLimits,
  Transport,
} from '@mailwright/contracts';
import { FREE_ENTITLEMENTS, isHtml } from '@mailwright/contracts';
import { INTERNAL_TOKEN_HEADER, verifyInternalToken } from '@mailwright/kit';
import { TEST_INTERNAL_SECRET } from '@mailwright/kit/testing';
import Fastify, { type FastifyInstance } from 'fastify';

export interface StoredTemplate {
  userId: string;
  subject: string;
  body: string;
}

export class InternalServices {
  readonly accounts = new Map<string, { userId: string; isDefault: boolean; transport: Transport }>();
  readonly templates = new Map<string, StoredTemplate>();
  readonly plans = new Map<string, Entitlements>();
  readonly pools = new Map<string, ResolvedSenderPool>();
  /** Accounts whose OAuth grant was revoked: their transport answers 409 ACCOUNT_NEEDS_RECONNECT. */
  readonly revoked = new Set<string>();
  /** Every pause the worker reported, in order. */
  readonly healthReports: Array<{ accountId: string; body: ReportSenderHealthBody }> = [];
  transportCalls = 0;
  /** Mailboxes the worker reads (issue 21), by account id: what /internal/mailbox-readers lists. */
  readonly mailboxes = new Map<string, MailboxAccess>();
  /** Readable mailboxes whose grant lacks the read scope: their access answers 409 ACCOUNT_NEEDS_RECONNECT. */
  readonly sendOnlyGrants = new Set<string>();
  /** Every feedback state the worker reported, in order. */
  readonly feedbackReports: Array<{ accountId: string; body: ReportFeedbackStateBody }> = [];
  mailboxAccessCalls = 0;
  /** Every call's path and the x-request-id it carried, in order. */
  readonly calls: Array<{ path: string; requestId: string | null }> = [];
  private app!: FastifyInstance;
  url = '';

  async start(): Promise<void> {
    const app = Fastify();
    app.addHook('onRequest', async (request, reply) => {
      const requestId = request.headers['x-request-id'];
      this.calls.push({ path: request.url.split('?')[0] ?? '', requestId: typeof requestId === 'string' ? requestId : null });
      const token = request.headers[INTERNAL_TOKEN_HEADER];
      const claims = typeof token === 'string' ? await verifyInternalToken(TEST_INTERNAL_SECRET, token).catch(() => null) : null;
      if (claims?.kind !== 'service') return reply.status(401).send({ message: 'Invalid internal token', code: 'UNAUTHORIZED' });
    });
    app.post<{ Body: { userId: string; accountId?: string; email?: string } }>(
      '/internal/accounts/resolve',
      async (request, reply) => {
        const { userId, accountId, email } = request.body;
        const mine = [...this.accounts.entries()].filter(([, a]) => a.userId === userId);
        if (mine.length === 0 && email === undefined)
          return reply.status(400).send({ message: 'Add an email account first before sending emails.', code: 'BAD_REQUEST' });
        const found =
          email !== undefined
            ? mine.find(([, a]) => a.transport.email.toLowerCase() === email.toLowerCase())
            : accountId
              ? mine.find(([id]) => id === accountId)
              : (mine.find(([, a]) => a.isDefault) ?? mine[0]);
        if (!found) return reply.status(404).send({ message: 'Email account not found', code: 'NOT_FOUND' });
        const [id, { transport }] = found;
        const data: ResolvedAccount = {
          id,
          email: transport.email,
          displayName: transport.displayName,
          provider: transport.provider,
        };
        return { data };
      },
    );
    app.get<{ Params: { id: string } }>('/internal/accounts/:id/transport', async (request, reply) => {
      this.transportCalls += 1;
      const account = this.accounts.get(request.params.id);
      if (!account) return reply.status(404).send({ message: 'Email account not found', code: 'NOT_FOUND' });
      if (this.revoked.has(request.params.id)) {
        return reply.status(409).send({ message: 'The Gmail account needs to be reconnected', code: 'ACCOUNT_NEEDS_RECONNECT' });
      }
      return { data: account.transport };
    });
    app.get<{ Params: { id: string }; Querystring: { userId?: string } }>(
      '/internal/sender-pools/:id',
      async (request, reply) => {
        const pool = this.pools.get(request.params.id);
        if (!pool || pool.userId !== request.query.userId)
          return reply.status(404).send({ message: 'Sender pool not found', code: 'NOT_FOUND' });
        return { data: pool };
      },
    );
    app.post<{ Params: { id: string }; Body: ReportSenderHealthBody }>(
      '/internal/accounts/:id/health',
      async (request, reply) => {
        const account = this.accounts.get(request.params.id);
        if (!account) return reply.status(404).send({ message: 'Email account not found', code: 'NOT_FOUND' });
        this.healthReports.push({ accountId: request.params.id, body: request.body });
        const before = account.transport.health?.state ?? 'active';
        const health: SenderHealth = {
          state: request.body.state,
          reason: request.body.reason,
          detail: request.body.detail ?? null,
          since: new Date().toISOString(),
          resumesAt: request.body.resumesAt ?? null,
        };
        account.transport = { ...account.transport, health };
        return { data: { changed: before === 'active', health, userId: account.userId, email: account.transport.email } };
      },
    );
    app.post<{ Body: { userId: string; templateId: string; variables?: Record<string, unknown> } }>(
      '/internal/templates/render',
      async (request, reply) => {
        const { userId, templateId, variables = {} } = request.body;
        const template = this.templates.get(templateId);
        if (!template || template.userId !== userId)
          return reply.status(404).send({ message: 'Template not found', code: 'NOT_FOUND' });
        const names = [
          ...new Set([...`${template.subject}${template.body}`.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] as string)),
        ];
        const missing = names.filter((name) => variables[name] === undefined || variables[name] === null);
        if (missing.length > 0) {
          return reply
            .status(400)
            .send({ message: `Missing template variables: ${missing.join(', ')}`, code: 'VALIDATION_ERROR' });
        }
        const fill = (text: string) => text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(variables[name]));
        const body = fill(template.body);
        // As templates does: the kind is the template's own text's, decided before the values go in.
        return { data: { subject: fill(template.subject), body, isHtml: isHtml(template.body), variables: names } };
      },
    );
    app.get<{ Querystring: { after?: string; limit?: string } }>('/internal/mailbox-readers', async (request) => {
      const limit = Number(request.query.limit ?? 500);
      const after = request.query.after ?? '';
      const data: MailboxReaderEntry[] = [...this.mailboxes.values()]
        .filter((access) => access.accountId > after)
        .sort((a, b) => (a.accountId < b.accountId ? -1 : 1))
        .slice(0, limit)
        .map(({ accountId, userId, provider, generation }) => ({ accountId, userId, provider, generation }));
      return { data };
    });
    app.get<{ Params: { id: string } }>('/internal/accounts/:id/mailbox', async (request, reply) => {
      this.mailboxAccessCalls += 1;
      const access = this.mailboxes.get(request.params.id);
      if (!access) return reply.status(404).send({ message: 'Email account not found', code: 'NOT_FOUND' });
      if (this.sendOnlyGrants.has(request.params.id)) {
        return reply.status(409).send({
          message: 'Reconnect this account to let Mailwright read bounces and replies',
          code: 'ACCOUNT_NEEDS_RECONNECT',
        });
      }
      return { data: access };
    });
    app.post<{ Params: { id: string }; Body: ReportFeedbackStateBody }>(
      '/internal/accounts/:id/feedback-state',
      async (request, reply) => {
        const access = this.mailboxes.get(request.params.id);
        if (!access) return reply.status(404).send({ message: 'Email account not found', code: 'NOT_FOUND' });
        this.feedbackReports.push({ accountId: request.params.id, body: request.body });
        return {
          data: {
            enabled: true,
            state: request.body.state,
            lastCheckedAt: request.body.checkedAt,
            error: request.body.error,
            imap: null,
          },
        };
      },
    );
    app.get<{ Params: { userId: string } }>('/internal/entitlements/:userId', async (request) => ({
      data: this.plans.get(request.params.userId) ?? FREE_ENTITLEMENTS,
    }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    this.app = app;
  }

  setPlan(userId: string, plan: 'pro' | 'enterprise'): void {
    this.plans.set(userId, {
      ...FREE_ENTITLEMENTS,
      plan,
      emailLimit: plan === 'pro' ? 10_000 : -1,
      accountLimit: -1,
      templateLimit: -1,
      apiAccess: true,
    });
  }

  addSmtpAccount(
    userId: string,
    accountId: string,
    smtpPort: number,
    email = `sender-${accountId.slice(0, 8)}@example.com`,
  ): void {
    this.accounts.set(accountId, {
      userId,
      isDefault: ![...this.accounts.values()].some((a) => a.userId === userId),
      transport: {
        provider: 'smtp',
        accountId,
        userId,
        email,
        displayName: 'Alice Sender',
        smtp: { host: '127.0.0.1', port: smtpPort, secure: false, username: 'alice', password: 'smtp-secret' },
      },
    });
  }

  /** The sender's effective limits, as accounts would answer them in the transport. */
  setLimits(accountId: string, limits: Partial<SenderLimits>): void {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    const none: SenderLimits = { perMinute: null, perDay: null, recipientsPerDay: null, concurrency: null };
    account.transport = { ...account.transport, limits: { ...none, ...limits } };
  }

  setHealth(accountId: string, health: Partial<SenderHealth> & Pick<SenderHealth, 'state'>): void {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    account.transport = {
      ...account.transport,
      health: { reason: null, detail: null, since: null, resumesAt: null, ...health },
    };
  }

  async stop(): Promise<void> {
    await this.app.close();
  }
}
