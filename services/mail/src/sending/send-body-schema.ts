// A send payload that did not come through a route's schema (a batch item, a translated Resend email) checked
// against SendEmailBody: the body, or a 400 naming the first field that does not fit.
import { SendEmailBody } from '@mailwright/contracts';
import { AppError } from '@mailwright/kit';
import { Value } from '@sinclair/typebox/value';

function schemaError(item: unknown): string | null {
  if (Value.Check(SendEmailBody, item)) return null;
  const first = Value.Errors(SendEmailBody, item).First();
  if (!first) return 'Invalid email';
  return first.path ? `${first.path.slice(1).replace(/\//g, '.')}: ${first.message}` : first.message;
}

export function sendBodyOf(item: unknown): SendEmailBody {
  const problem = schemaError(item);
  if (problem) throw new AppError('VALIDATION_ERROR', problem);
  return item as SendEmailBody;
}
