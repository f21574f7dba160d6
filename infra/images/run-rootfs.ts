// Runs an image's entrypoint straight from its root filesystem, as a container runtime would but without one
// (`podman run` cannot create containers on this VM): a private mount and PID namespace (unshare) with the
// image's /proc and /dev, chroot into the root filesystem as the image's USER, an environment of exactly the
// image's ENV plus the overrides given, its WORKDIR, then exec of ENTRYPOINT + CMD. The network is the host's.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type ImageConfig, resolveUser } from './image-config';

export interface RootfsProcess {
  /** The entrypoint's pid on this host (PID 1 of its namespace). */
  pid: number;
  argv: string[];
  uid: number;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has gone. */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Shell run by unshare inside the new namespaces: mount /dev, then chroot as uid:gid and exec via env. */
const LAUNCH =
  'set -e; root=$1; spec=$2; groups=$3; shift 3; mount --rbind /dev "$root/dev"; exec chroot --userspec="$spec" --groups="$groups" "$root" "$@"';

function commandLine(rootfs: string, config: ImageConfig, env: Record<string, string>, argv: string[]) {
  const { uid, gid } = resolveUser(rootfs, config.user);
  const pairs = Object.entries({ ...config.env, ...env }).map(([key, value]) => `${key}=${value}`);
  const inner = ['/usr/bin/env', '-i', '-C', config.workingDir, ...pairs, ...argv];
  const args = ['--mount', '--pid', '--fork', '--kill-child=SIGTERM', `--mount-proc=${rootfs}/proc`];
  return { uid, args: [...args, '/bin/sh', '-c', LAUNCH, 'launch', rootfs, `${uid}:${gid}`, String(gid), ...inner] };
}

/** The image's process, started in the background. `args` replaces the image's CMD (as `podman run image args` does). */
export async function startFromRootfs(
  rootfs: string,
  config: ImageConfig,
  options: { env?: Record<string, string>; args?: string[] } = {},
): Promise<RootfsProcess> {
  const argv = [...config.entrypoint, ...(options.args ?? config.cmd)];
  if (argv.length === 0) throw new Error(`${config.name} has neither ENTRYPOINT nor CMD`);
  const { uid, args } = commandLine(rootfs, config, options.env ?? {}, argv);
  const child: ChildProcess = spawn('unshare', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const pid = await forkedChild(child, exited, () => output);
  return {
    pid,
    argv,
    uid,
    output: () => output,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
      return exited;
    },
  };
}

/** unshare --fork's child: the process that execs into the entrypoint. */
async function forkedChild(child: ChildProcess, exited: Promise<number | string>, output: () => string): Promise<number> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (let attempt = 0; attempt < 200; attempt++) {
    if (gone) throw new Error(`the entrypoint exited at once:\n${output()}`);
    try {
      const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim();
      if (children) return Number(children.split(' ')[0]);
    } catch {
      // unshare has not forked yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('unshare did not fork');
}

/** Runs a command of the image to completion in the same way (the HEALTHCHECK's, for instance). */
export function runInRootfs(
  rootfs: string,
  config: ImageConfig,
  argv: string[],
  env: Record<string, string> = {},
): { status: number | null; output: string } {
  const { args } = commandLine(rootfs, { ...config, entrypoint: [] }, env, argv);
  const result = spawnSync('unshare', args, { encoding: 'utf8', timeout: 30_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Uid lines of /proc/<pid>/status: real, effective, saved, filesystem. */
export function processUids(pid: number): number[] {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('Uid:'));
  return (line ?? '').replace('Uid:', '').trim().split(/\s+/).map(Number);
}

export function processArgv(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
}
