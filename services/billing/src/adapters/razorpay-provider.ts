// The payment provider behind checkout: the official razorpay SDK, pointed at RAZORPAY_API_URL when set.
import { AppError } from '@mailwright/kit';
import Razorpay from 'razorpay';
import type { Config } from '../config';

export interface ProviderOrder {
  id: string;
  amount: number;
  currency: string;
}

export interface PaymentProvider {
  /** Public key id the browser's checkout needs. */
  readonly keyId: string;
  /** Signs checkout results (order_id|payment_id). */
  readonly keySecret: string;
  /** Checkout script URL handed to the browser. */
  readonly checkoutUrl: string;
  createOrder(input: {
    amount: number;
    currency: string;
    receipt: string;
    notes: Record<string, string>;
  }): Promise<ProviderOrder>;
}

/** The SDK keeps its axios instance on `api.rq` and hard-codes https://api.razorpay.com as its base. */
interface SdkInternals {
  api: { rq: { defaults: { baseURL?: string; timeout?: number } } };
}

interface SdkError {
  statusCode?: number;
  error?: { description?: string };
}

function describeFailure(error: unknown): string {
  const sdk = error as SdkError;
  if (sdk?.error?.description) return sdk.error.description;
  if (sdk?.statusCode) return `Razorpay answered ${sdk.statusCode}`;
  // The SDK's error normaliser itself throws a TypeError when no response arrived at all.
  return 'Razorpay could not be reached';
}

/** null when the key id or secret is missing: paid checkout then answers 503. */
export function createRazorpayProvider(config: Config): PaymentProvider | null {
  const keyId = config.RAZORPAY_KEY_ID;
  const keySecret = config.RAZORPAY_KEY_SECRET;
  if (!keyId || !keySecret) return null;
  const sdk = new Razorpay({ key_id: keyId, key_secret: keySecret });
  const http = (sdk as unknown as SdkInternals).api.rq.defaults;
  if (config.RAZORPAY_API_URL) http.baseURL = config.RAZORPAY_API_URL.replace(/\/+$/, '');
  http.timeout = 15_000;
  return {
    keyId,
    keySecret,
    checkoutUrl: config.RAZORPAY_CHECKOUT_URL,
    async createOrder(input) {
      try {
        const order = await sdk.orders.create(input);
        return { id: order.id, amount: Number(order.amount), currency: order.currency };
      } catch (error) {
        throw new AppError('BAD_GATEWAY', `Could not create the payment order: ${describeFailure(error)}`);
      }
    },
  };
}
