// The landing page's initial JavaScript, read from the web build: the entry chunk index.html loads, the landing
// route's chunk, and every chunk they import statically (Vite's .vite/manifest.json), summed as sent by the
// gateway (the build's .br copies; gzip beside them). Issue 24's budget: 150 KB compressed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

export const LANDING_JS_BUDGET_BYTES = 150 * 1024;

export interface JsWeight {
  files: string[];
  rawBytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : Number.NaN);

export function landingJsWeight(distDir: string): JsWeight {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const landingKey = Object.keys(manifest).find((key) => key.endsWith('routes/public/landing.tsx'));
  if (!entryKey || !landingKey) throw new Error('the manifest names no entry or no landing chunk: rebuild web');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entryKey);
  visit(landingKey);
  const files = [...seen].map((key) => manifest[key]?.file).filter((file): file is string => Boolean(file));
  const sum = (suffix: string) => files.reduce((total, file) => total + sizeOf(path.join(distDir, `${file}${suffix}`)), 0);
  return { files, rawBytes: sum(''), gzipBytes: sum('.gz'), brotliBytes: sum('.br') };
}
