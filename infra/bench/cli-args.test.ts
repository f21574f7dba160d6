import { describe, expect, it } from 'vitest';
import { numberArg, positiveNumberArg, textArg } from './cli-args';

const args = ['--n=5', '--empty=', '--bundles=dir', '--quick'];

describe('bench arguments', () => {
  it('reads --name=value, or the fallback when the argument is not given', () => {
    expect(textArg(args, 'bundles')).toBe('dir');
    expect(textArg(args, 'empty')).toBe('');
    expect(textArg(args, 'quick')).toBeUndefined();
    expect(numberArg(args, 'n', 1)).toBe(5);
    expect(numberArg(args, 'rounds', 7)).toBe(7);
  });

  it('refuses what is not a positive number where one is needed', () => {
    expect(() => positiveNumberArg(args, 'empty', 1)).toThrow('--empty must be a positive number');
    expect(positiveNumberArg(args, 'n', 1)).toBe(5);
  });
});
