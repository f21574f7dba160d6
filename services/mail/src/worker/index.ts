// The worker's public entry for the process file and for tests.
export { type MailWorker, startWorker, type WorkerOptions } from './start-worker';
