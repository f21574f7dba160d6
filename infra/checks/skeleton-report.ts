// Compares one package folder with its skeleton: what is missing, and what sits in src/ that the skeleton has no room for.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Skeleton } from './skeleton-rules';

export interface SkeletonReport {
  missing: string[];
  unexpected: string[];
}

function exists(file: string, isFolder: boolean): boolean {
  if (!existsSync(file)) return false;
  return statSync(file).isDirectory() === isFolder;
}

function isAllowed(entry: string, allowed: readonly string[]): boolean {
  if (allowed.includes(entry)) return true;
  // A unit test sits beside its file: config.test.ts is fine where config.ts is.
  const tested = /^(.+)\.test\.ts$/.exec(entry);
  return tested !== null && allowed.includes(`${tested[1]}.ts`);
}

export function checkSkeleton(root: string, skeleton: Skeleton): SkeletonReport {
  const base = path.join(root, skeleton.dir);
  const missing = skeleton.required.filter((entry) => !exists(path.join(base, entry), entry.endsWith('/')));
  const src = path.join(base, 'src');
  const entries = existsSync(src) ? readdirSync(src).filter((entry) => !entry.startsWith('.')) : [];
  const unexpected = entries
    .filter((entry) => !isAllowed(entry, skeleton.allowedInSrc))
    .map((entry) => `src/${entry}${statSync(path.join(src, entry)).isDirectory() ? '/' : ''}`);
  return { missing, unexpected: unexpected.sort() };
}
