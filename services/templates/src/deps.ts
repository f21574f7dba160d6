// What the templates use cases are given: the database and where plan entitlements come from.
import type { EntitlementsSource } from '@mailwright/kit';
import type { TemplatesDatabase } from './db/client';

export interface TemplatesDeps {
  db: TemplatesDatabase;
  entitlements: EntitlementsSource;
}
