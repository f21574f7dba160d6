// Sends emails through the gateway and remembers which were accepted (201) and what every refusal said.
import type { Client } from './client';

export interface Refusal {
  status: number;
  message: string;
}

export class Sender {
  readonly accepted = new Map<string, string>();
  readonly refusals: Refusal[] = [];
  private counter = 0;

  constructor(
    private readonly client: Client,
    private readonly token: string,
    private readonly label: string,
  ) {}

  nextRecipient(): string {
    this.counter += 1;
    return `${this.label}-${this.counter}@sink.test`;
  }

  /** Sends one email to a fresh recipient; returns the email id when accepted. */
  async send(extra: Record<string, unknown> = {}, recipient = this.nextRecipient()): Promise<string | undefined> {
    try {
      const response = await this.client.call<{ data?: { _id: string }; message?: string }>('/api/emails/send', {
        token: this.token,
        body: { to: [recipient], subject: `Fault test ${recipient}`, body: `Hello ${recipient}`, ...extra },
        timeoutMs: 20_000,
      });
      if (response.status === 201 && response.body.data?._id) {
        this.accepted.set(response.body.data._id, recipient);
        return response.body.data._id;
      }
      this.refusals.push({ status: response.status, message: response.body.message ?? response.text.slice(0, 200) });
    } catch (error) {
      this.refusals.push({ status: 0, message: String(error) });
    }
    return undefined;
  }

  /** Keeps `concurrency` sends going until stop() is called. */
  loop(concurrency: number, pauseMs = 0): { stop: () => Promise<void> } {
    let running = true;
    const runners = Array.from({ length: concurrency }, async () => {
      while (running) {
        await this.send();
        if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    });
    return {
      stop: async () => {
        running = false;
        await Promise.all(runners);
      },
    };
  }
}
