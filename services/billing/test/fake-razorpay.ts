// A small Razorpay-compatible API for tests: POST /v1/orders and GET /v1/orders/:id, /v1/payments/:id
// behind HTTP basic auth, plus what checkout would hand the browser after a successful payment.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: 'created' | 'attempted' | 'paid';
  notes: Record<string, string>;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed';
  order_id: string;
  created_at: number;
}

export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

export class FakeRazorpay {
  readonly orders = new Map<string, FakeOrder>();
  readonly payments = new Map<string, FakePayment>();
  /** Every request seen, for assertions on what the SDK sent. */
  readonly requests: { method: string; path: string; authorized: boolean }[] = [];
  private server: Server | undefined;
  url = '';

  constructor(
    readonly keyId: string,
    readonly keySecret: string,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        this.send(response, 500, { error: { code: 'SERVER_ERROR', description: String(error) } });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve, reject) => this.server?.close((error) => (error ? reject(error) : resolve())));
  }

  /** What checkout's success handler receives once the user paid `orderId`. */
  pay(orderId: string): CheckoutResult {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`unknown order ${orderId}`);
    const payment: FakePayment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'captured',
      order_id: order.id,
      created_at: Math.floor(Date.now() / 1000),
    };
    this.payments.set(payment.id, payment);
    Object.assign(order, { status: 'paid', amount_paid: order.amount, amount_due: 0 });
    const signature = createHmac('sha256', this.keySecret).update(`${order.id}|${payment.id}`).digest('hex');
    return { razorpay_order_id: order.id, razorpay_payment_id: payment.id, razorpay_signature: signature };
  }

  private isAuthorized(request: IncomingMessage): boolean {
    const expected = `Basic ${Buffer.from(`${this.keyId}:${this.keySecret}`).toString('base64')}`;
    return request.headers.authorization === expected;
  }

  private send(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  private badRequest(response: ServerResponse, status: number, description: string): void {
    this.send(response, status, { error: { code: 'BAD_REQUEST_ERROR', description } });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const authorized = this.isAuthorized(request);
    this.requests.push({ method: request.method ?? '', path, authorized });
    if (!authorized) return this.badRequest(response, 401, 'Authentication failed');

    if (request.method === 'POST' && path === '/v1/orders') {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Partial<FakeOrder>;
      if (!Number.isInteger(body.amount) || (body.amount ?? 0) < 100) {
        return this.badRequest(response, 400, 'The amount must be atleast INR 1.00');
      }
      if (body.currency !== 'INR') return this.badRequest(response, 400, 'The currency is invalid');
      const order: FakeOrder = {
        id: newId('order'),
        entity: 'order',
        amount: body.amount as number,
        amount_paid: 0,
        amount_due: body.amount as number,
        currency: body.currency,
        receipt: body.receipt ?? null,
        status: 'created',
        notes: body.notes ?? {},
        created_at: Math.floor(Date.now() / 1000),
      };
      this.orders.set(order.id, order);
      return this.send(response, 200, order);
    }

    const orderMatch = request.method === 'GET' ? /^\/v1\/orders\/([^/]+)$/.exec(path) : null;
    if (orderMatch) {
      const order = this.orders.get(orderMatch[1] ?? '');
      return order ? this.send(response, 200, order) : this.badRequest(response, 400, 'The id provided does not exist');
    }
    const paymentMatch = request.method === 'GET' ? /^\/v1\/payments\/([^/]+)$/.exec(path) : null;
    if (paymentMatch) {
      const payment = this.payments.get(paymentMatch[1] ?? '');
      return payment ? this.send(response, 200, payment) : this.badRequest(response, 400, 'The id provided does not exist');
    }
    return this.badRequest(response, 404, 'The requested URL was not found on the server.');
  }
}
