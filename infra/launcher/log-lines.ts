// Turns a process's JSON log lines into short prefixed lines for the terminal.
const levels: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const skipKeys = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'v']);

export function formatLogLine(prefix: string, line: string): string {
  if (!line.startsWith('{')) return `${prefix} ${line}`;
  try {
    const entry = JSON.parse(line) as Record<string, unknown>;
    const level = levels[Number(entry.level)] ?? 'INFO';
    const extras = Object.entries(entry)
      .filter(([key]) => !skipKeys.has(key))
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
      .join(' ');
    return `${prefix} ${level.padEnd(5)} ${String(entry.msg ?? '')}${extras ? `  ${extras.slice(0, 500)}` : ''}`;
  } catch {
    return `${prefix} ${line}`;
  }
}

export function lineSplitter(onLine: (line: string) => void): (chunk: Buffer) => void {
  let buffered = '';
  return (chunk) => {
    buffered += chunk.toString('utf8');
    let newline = buffered.indexOf('\n');
    while (newline >= 0) {
      onLine(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf('\n');
    }
  };
}
