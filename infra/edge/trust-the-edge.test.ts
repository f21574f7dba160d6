import { describe, expect, it } from 'vitest';
import { trustTheEdge } from './trust-the-edge';

describe('trustTheEdge', () => {
  it('believes only the edge when nothing was trusted, and the edge drops what the caller sent', () => {
    expect(trustTheEdge(undefined)).toEqual({ gateway: '1', forwardedFor: 'replace' });
    expect(trustTheEdge('false')).toEqual({ gateway: '1', forwardedFor: 'replace' });
  });

  it('adds the edge as one more hop or one more address', () => {
    expect(trustTheEdge('1')).toEqual({ gateway: '2', forwardedFor: 'append' });
    expect(trustTheEdge('10.0.0.0/8')).toEqual({ gateway: '10.0.0.0/8,127.0.0.1', forwardedFor: 'append' });
  });
});
