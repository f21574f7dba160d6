// The ordered account list of a pool's form: failover tries the accounts in this order.

/** `ids` with the item at `index` moved one place up (-1) or down (+1); unchanged at the ends. */
export function moveItem<T>(ids: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

export const STRATEGY_TEXT = {
  failover: {
    label: 'Failover',
    explanation: 'Sends from the first account in the order below that is healthy and has capacity; the next takes over.',
  },
  spread: {
    label: 'Spread',
    explanation: 'Shares emails across the healthy accounts, weighted by how much capacity each has left today.',
  },
} as const;
