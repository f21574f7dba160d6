// pino options shared by every process: JSON lines, secrets redacted.
import type { LoggerOptions } from 'pino';

export function loggerOptions(name: string, level: string): LoggerOptions {
  return {
    name,
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers["x-mailwright-internal"]',
        'req.headers["x-mailwright-edge"]',
        'req.headers.cookie',
        '*.password',
        '*.refreshToken',
      ],
      censor: '[redacted]',
    },
  };
}
