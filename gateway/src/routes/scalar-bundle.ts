// Scalar's standalone browser bundle (@scalar/api-reference dist/browser/standalone.js), read once from the
// installed package. Where it is missing (a build that left the package out) the reference says so with a 503.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

let bundle: Promise<Buffer | null> | undefined;

function bundlePath(): string | null {
  try {
    const styles = createRequire(import.meta.url).resolve('@scalar/api-reference/style.css');
    return path.join(path.dirname(styles), 'browser', 'standalone.js');
  } catch {
    return null;
  }
}

export function scalarBundle(): Promise<Buffer | null> {
  bundle ??= (async () => {
    const file = bundlePath();
    return file ? readFile(file).catch(() => null) : null;
  })();
  return bundle;
}
