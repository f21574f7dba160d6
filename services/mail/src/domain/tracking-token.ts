// Kept for infra/faults (tracking-attacks.ts imports this path); the tokens live in tracking/ now.
export * from '../tracking/tracking-token';
