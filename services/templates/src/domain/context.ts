// What the use-cases need: the database and where plan entitlements come from.
import type { EntitlementsSource } from '@mailwright/kit';
import type { TemplatesDb } from '../db/queries/templates';

export interface TemplatesContext {
  db: TemplatesDb;
  entitlements: EntitlementsSource;
}
