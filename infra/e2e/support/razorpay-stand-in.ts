// Razorpay for whole-stack tests: billing's Razorpay-compatible API (orders, payments, basic auth)
// plus a stand-in checkout script that "pays" an order and hands checkout's result to the page.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeRazorpay } from '../../../services/billing/test/fake-razorpay';

export const RAZORPAY_KEY_ID = 'rzp_test_e2e';
export const RAZORPAY_KEY_SECRET = 'e2e-razorpay-key-secret';
export const RAZORPAY_WEBHOOK_SECRET = 'e2e-razorpay-webhook-secret';

const checkoutScript = (origin: string) => `
window.Razorpay = function (options) {
  window.__razorpayOptions = options;
  this.on = function () {};
  this.open = function () {
    fetch(${JSON.stringify(origin)} + '/pay?order_id=' + encodeURIComponent(options.order_id), { method: 'POST' })
      .then(function (response) { return response.json(); })
      .then(function (result) { options.handler(result); });
  };
};`;

export class RazorpayStandIn {
  readonly api = new FakeRazorpay(RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET);
  private checkout: Server | undefined;
  checkoutOrigin = '';

  async start(): Promise<void> {
    await this.api.start();
    this.checkout = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://checkout');
      const headers = { 'access-control-allow-origin': '*' };
      if (url.pathname === '/v1/checkout.js') {
        response.writeHead(200, { ...headers, 'content-type': 'application/javascript' });
        response.end(checkoutScript(this.checkoutOrigin));
        return;
      }
      if (url.pathname === '/pay' && request.method === 'POST') {
        try {
          const result = this.api.pay(url.searchParams.get('order_id') ?? '');
          response.writeHead(200, { ...headers, 'content-type': 'application/json' });
          response.end(JSON.stringify(result));
        } catch (error) {
          response.writeHead(404, { ...headers, 'content-type': 'application/json' });
          response.end(JSON.stringify({ message: String(error) }));
        }
        return;
      }
      response.writeHead(404, headers);
      response.end();
    });
    await new Promise<void>((resolve) => this.checkout?.listen(0, '127.0.0.1', resolve));
    this.checkoutOrigin = `http://127.0.0.1:${(this.checkout.address() as AddressInfo).port}`;
  }

  env(): Record<string, string> {
    return {
      RAZORPAY_KEY_ID,
      RAZORPAY_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET,
      RAZORPAY_API_URL: this.api.url,
      RAZORPAY_CHECKOUT_URL: `${this.checkoutOrigin}/v1/checkout.js`,
    };
  }

  async stop(): Promise<void> {
    await this.api.stop();
    await new Promise<void>((resolve) => this.checkout?.close(() => resolve()));
  }
}
