// The deployment templates ship placeholders (`change-me…` in infra/docker/env.example, `REPLACE_ME…` in the k8s
// Secret). A process started with one would seal and sign with a value everybody can read, so start refuses it.

const PLACEHOLDER = /^(change-?me|replace[_-]?me)/i;

/** The parts of a value that could hold a placeholder: the value, each item of a list, a URL's user and password. */
function partsOf(value: string): string[] {
  const parts = [value, ...value.split(',').map((item) => item.trim())];
  try {
    const url = new URL(value);
    parts.push(decodeURIComponent(url.username), decodeURIComponent(url.password));
  } catch {
    // not a URL: nothing more to look at
  }
  return parts;
}

/** The first of `names` whose value in `source` is, or carries, a template placeholder; undefined when none does. */
export function findPlaceholderVariable(
  names: readonly string[],
  source: Record<string, string | undefined>,
): string | undefined {
  return names.find((name) => {
    const value = source[name];
    return value !== undefined && partsOf(value).some((part) => PLACEHOLDER.test(part));
  });
}
