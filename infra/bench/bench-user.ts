// The benchmark's customers: signed up through the gateway, verified and put on the enterprise plan
// directly in the benchmark's own database (no limit on emails, API access), each with an SMTP account that
// points at the sink and an API key. The fairness and pacing phases create customers of their own.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface BenchUser {
  userId: string;
  token: string;
  apiKey: string;
  apiKeyId: string;
  accountId: string;
}

async function call<T>(gatewayUrl: string, path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${gatewayUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** `label` names the customer and its sender address (`<label>-sender@bench.test`); several may exist per run. */
export async function createBenchUser(
  gatewayUrl: string,
  databaseUrl: string,
  sinkPort: number,
  label = 'bench',
): Promise<BenchUser> {
  const email = `${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@bench.test`;
  const password = 'bench-password-1';
  await call(gatewayUrl, '/api/auth/signup', { name: `Bench User ${label}`, email, password });

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(
      'update identity.users set is_verified = true where email = $1 returning id',
      [email],
    );
    const userId = rows[0]?.id;
    if (!userId) throw new Error('bench user not found after signup');
    await db.query(
      `insert into billing.subscriptions (user_id, plan, status, start_date, end_date, updated_at)
       values ($1, 'enterprise', 'active', now(), now() + interval '30 days', now())
       on conflict (user_id) do update set plan = 'enterprise', status = 'active', end_date = excluded.end_date`,
      [userId],
    );
  } finally {
    await db.end();
  }

  const login = await call<{ token: string; user: { _id: string } }>(gatewayUrl, '/api/auth/login', { email, password });
  const token = login.token;
  const account = await call<{ data: { _id: string } }>(
    gatewayUrl,
    '/api/email-accounts/smtp',
    {
      email: label === 'bench' ? 'sender@bench.test' : `${label}-sender@bench.test`,
      displayName: `Bench Sender (${label})`,
      host: '127.0.0.1',
      port: sinkPort,
      secure: false,
      username: 'bench',
      password: 'bench',
    },
    token,
  );
  const key = await call<{ data: { id: string; key: string } }>(gatewayUrl, '/api/api-keys', { name: label }, token);
  return { userId: login.user._id, token, apiKey: key.data.key, apiKeyId: key.data.id, accountId: account.data._id };
}
