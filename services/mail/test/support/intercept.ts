// A view of an object with one method replaced, everything else passed through (bound to the object): the tests
// that record what the code under test asks a client, without a mock of the client.

/** `target` with `method` replaced by what `wrap` makes of the original (bound to `target`). */
export function intercept<T extends object, K extends keyof T>(target: T, method: K, wrap: (original: T[K]) => T[K]): T {
  const original = (target[method] as (...args: unknown[]) => unknown).bind(target) as T[K];
  const replaced = wrap(original);
  return new Proxy(target, {
    get(object, property) {
      if (property === method) return replaced;
      const value = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}
