// What the bench's sender processes share (baseline-sender.ts, floor-smtp-sender.ts): their required `--name=value`
// arguments, and sending N emails from concurrent loops, reported on stdout as one JSON line with what was sent,
// the errors by kind, the time and the CPU it took.

export function requiredArg(name: string): string {
  const found = process.argv.find((value) => value.startsWith(`--${name}=`));
  if (!found) throw new Error(`--${name}= is required`);
  return found.slice(name.length + 3);
}

/** Sends emails 0…n-1 with `send`, `loops` at a time, then prints the JSON line. */
export async function sendAndReport(n: number, loops: number, send: (index: number) => Promise<unknown>): Promise<void> {
  const errorKinds: Record<string, number> = {};
  let sent = 0;
  let next = 0;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const loop = async () => {
    for (let index = next++; index < n; index = next++) {
      try {
        await send(index);
        sent += 1;
      } catch (error) {
        const kind = String((error as Error).message).slice(0, 60);
        errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
      }
    }
  };
  await Promise.all(Array.from({ length: loops }, loop));
  const elapsedMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  process.stdout.write(`${JSON.stringify({ sent, errorKinds, elapsedMs, cpuMs: (cpu.user + cpu.system) / 1000 })}\n`);
}
