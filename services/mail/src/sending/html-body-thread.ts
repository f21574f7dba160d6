// The worker thread that reads large HTML bodies (html-body-thread-client.ts starts it). It says it is ready once
// loaded; then each message is one body to read, answered in order with its reading or the error it threw.
import { parentPort } from 'node:worker_threads';
import { readHtmlBody } from './html-body';

export interface HtmlBodyRequest {
  id: number;
  html: string;
  givenText: string | null;
}

export type HtmlBodyAnswer =
  | { ready: true }
  | { id: number; links: string[]; text: string }
  | { id: number; error: { name: string; message: string } };

parentPort?.on('message', ({ id, html, givenText }: HtmlBodyRequest) => {
  let answer: HtmlBodyAnswer;
  try {
    answer = { id, ...readHtmlBody(html, givenText) };
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    answer = { id, error: { name, message } };
  }
  parentPort?.postMessage(answer);
});
parentPort?.postMessage({ ready: true } satisfies HtmlBodyAnswer);
