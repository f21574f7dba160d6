// The bench scripts' `--name=value` arguments.

/** The value of `--name=…`, or undefined when it is not given. */
export const textArg = (args: readonly string[], name: string): string | undefined =>
  args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);

/** `--name=<number>`, or `fallback` when it is not given. */
export function numberArg(args: readonly string[], name: string, fallback: number): number {
  const text = textArg(args, name);
  return text === undefined ? fallback : Number(text);
}

/** Like numberArg, and refuses anything but a positive number. */
export function positiveNumberArg(args: readonly string[], name: string, fallback: number): number {
  const value = numberArg(args, name, fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}
