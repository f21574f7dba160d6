// Loads the payment provider's checkout script once per URL (Razorpay's by default; tests serve a stand-in).
export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface CheckoutOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description?: string;
  prefill?: { name?: string; email?: string };
  theme: { color: string };
  handler: (result: CheckoutResult) => void;
  modal?: { ondismiss?: () => void };
}

declare global {
  interface Window {
    Razorpay?: new (options: CheckoutOptions) => { open: () => void };
  }
}

export const DEFAULT_CHECKOUT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
const loading = new Map<string, Promise<void>>();

export function loadCheckoutScript(url: string = DEFAULT_CHECKOUT_URL): Promise<void> {
  if (window.Razorpay && loading.has(url)) return Promise.resolve();
  let pending = loading.get(url);
  if (!pending) {
    pending = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => (window.Razorpay ? resolve() : reject(new Error('Checkout script did not define Razorpay')));
      script.onerror = () => reject(new Error(`Could not load ${url}`));
      document.body.appendChild(script);
    });
    // A failed load may be retried later.
    pending.catch(() => loading.delete(url));
    loading.set(url, pending);
  }
  return pending;
}
