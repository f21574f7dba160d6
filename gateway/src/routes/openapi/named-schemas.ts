// The resources' names for generated clients: each contract schema listed here becomes a component, and every
// response schema that is exactly one of them (as the services generate it from the same contract) becomes a
// $ref to it. Request bodies and parameters stay inline: the fuzz catalog reads them from the document as they are.
import {
  ApiKey,
  BatchItemResult,
  BatchSendResponse,
  CreateOrderResponse,
  EmailAccount,
  EmailAnalytics,
  EmailBounce,
  EmailHold,
  EmailLog,
  EmailQuota,
  EmailReply,
  EmailStats,
  EmailStatus,
  EmailTag,
  Entitlements,
  Pagination,
  PaymentRecord,
  Plan,
  ResendBatchResponse,
  ResendEmail,
  ResendIdResponse,
  SenderLimits,
  SenderPool,
  StatsSeriesPoint,
  Subscription,
  Suppression,
  SuppressionImportResult,
  SuppressionReason,
  Template,
  TemplatePreview,
  User,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
  WebhookWithSecret,
} from '@mailwright/contracts';
import { plainSchema } from '@mailwright/kit';

type Json = Record<string, unknown>;

/** Component name → contract schema. A name no response uses is left out of the document. */
const NAMED: Record<string, unknown> = {
  Email: EmailLog,
  EmailStatus,
  EmailTag,
  EmailAnalytics,
  EmailBounce,
  EmailReply,
  EmailHold,
  EmailStats,
  StatsSeriesPoint,
  Pagination,
  BatchItemResult,
  BatchSendResponse,
  Template,
  TemplatePreview,
  EmailAccount,
  SenderLimits,
  SenderPool,
  ApiKey,
  User,
  Subscription,
  EmailQuota,
  Plan,
  Entitlements,
  PaymentRecord,
  CreateOrderResponse,
  Webhook: WebhookEndpoint,
  WebhookWithSecret,
  WebhookEventType,
  WebhookDelivery,
  WebhookAttempt,
  Suppression,
  SuppressionReason,
  SuppressionImportResult,
  ResendEmail,
  ResendIdResponse,
  ResendBatchResponse,
};

/** JSON with object keys sorted, so two equal schemas compare equal whatever order their keys were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Json).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const PLAIN: Array<[name: string, schema: Json]> = Object.entries(NAMED).map(([name, schema]) => [name, plainSchema(schema)]);
const NAME_BY_SHAPE = new Map<string, string>();
for (const [name, schema] of PLAIN) if (!NAME_BY_SHAPE.has(canonical(schema))) NAME_BY_SHAPE.set(canonical(schema), name);
const SCHEMA_BY_NAME = new Map(PLAIN);

const refTo = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/** Replaces named shapes under `node` (not `node` itself) with refs, recording the names used. */
function nameChildren(node: unknown, used: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => nameNode(item, used));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node as Json).map(([key, value]) => [key, nameNode(value, used)]));
}

function nameNode(node: unknown, used: Set<string>): unknown {
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    const name = NAME_BY_SHAPE.get(canonical(node));
    if (name) {
      used.add(name);
      return refTo(name);
    }
  }
  return nameChildren(node, used);
}

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

/**
 * Rewrites the operations' response schemas to refs (in place) and answers the components they need, each with
 * the resources it holds as refs too (an Email's tags are EmailTag).
 */
export function nameResponseSchemas(paths: Record<string, Record<string, Operation>>): Record<string, Json> {
  const used = new Set<string>();
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const response of Object.values(operation.responses ?? {})) {
        for (const media of Object.values(response.content ?? {})) {
          if (media.schema !== undefined) media.schema = nameNode(media.schema, used);
        }
      }
    }
  }
  const components: Record<string, Json> = {};
  const pending = [...used];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (components[name]) continue;
    const inner = new Set<string>();
    components[name] = nameChildren(SCHEMA_BY_NAME.get(name), inner) as Json;
    for (const child of inner) if (!components[child]) pending.push(child);
  }
  return Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b)));
}
