// The bench's helper processes that print `listening <url>` once they listen (the floors' servers, the bare proxy,
// the gateway alone): started through tsx, waited for, and stopped.
import { type ChildProcess, spawn } from 'node:child_process';

export interface ListeningProcess {
  child: ChildProcess;
  url: string;
}

export function startListening(
  script: string,
  options: { args?: readonly string[]; cwd: string; env: NodeJS.ProcessEnv },
): Promise<ListeningProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...(options.args ?? [])], {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: options.env,
  });
  return new Promise((resolve, reject) => {
    let output: string | null = '';
    // Read to the end (a server's log lines come here too), looking at it only until it listens.
    child.stdout?.on('data', (chunk: Buffer) => {
      if (output === null) return;
      output += chunk.toString();
      const match = /^listening (\S+)/m.exec(output);
      if (!match?.[1]) return;
      output = null;
      resolve({ child, url: match[1] });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
  });
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
