// What an image says about how it runs (`podman image inspect`): entrypoint, command, user, environment, working
// directory, health check and size, read from the image scripts' store (infra/images/podman.sh).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const podmanScript = path.join(repoRoot, 'infra', 'images', 'podman.sh');

/** podman on the image scripts' store. */
export function podman(args: string[], options: { timeout?: number } = {}): string {
  return execFileSync(podmanScript, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    timeout: options.timeout ?? 120_000,
  });
}

export interface ImageConfig {
  name: string;
  entrypoint: string[];
  cmd: string[];
  user: string;
  env: Record<string, string>;
  workingDir: string;
  exposedPorts: string[];
  /** The HEALTHCHECK's command (after CMD / CMD-SHELL), if the image has one. */
  healthcheck?: string[];
  stopSignal?: string;
  sizeBytes: number;
}

interface InspectOutput {
  Size: number;
  Config: {
    User?: string;
    Env?: string[];
    Entrypoint?: string[] | null;
    Cmd?: string[] | null;
    WorkingDir?: string;
    ExposedPorts?: Record<string, unknown>;
    StopSignal?: string;
  };
  Healthcheck?: { Test?: string[] };
}

export function inspectImage(name: string): ImageConfig {
  const [image] = JSON.parse(podman(['image', 'inspect', name])) as InspectOutput[];
  if (!image) throw new Error(`no image ${name}`);
  const env = Object.fromEntries(
    (image.Config.Env ?? []).map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
  const test = image.Healthcheck?.Test;
  return {
    name,
    entrypoint: image.Config.Entrypoint ?? [],
    cmd: image.Config.Cmd ?? [],
    user: image.Config.User ?? '',
    env,
    workingDir: image.Config.WorkingDir || '/',
    exposedPorts: Object.keys(image.Config.ExposedPorts ?? {}),
    healthcheck:
      test && test[0] === 'CMD'
        ? test.slice(1)
        : test && test[0] === 'CMD-SHELL'
          ? ['/bin/sh', '-c', ...test.slice(1)]
          : undefined,
    stopSignal: image.Config.StopSignal,
    sizeBytes: image.Size,
  };
}

/** The uid and gid an image's USER (name or number, optionally `user:group`) has in its own /etc/passwd and /etc/group. */
export function resolveUser(rootfs: string, user: string): { uid: number; gid: number } {
  const [userPart = 'root', groupPart] = user.split(':');
  const passwd = readFileSync(path.join(rootfs, 'etc', 'passwd'), 'utf8')
    .split('\n')
    .map((line) => line.split(':'));
  const entry = passwd.find((fields) => fields[0] === userPart || fields[2] === userPart);
  const uid = entry ? Number(entry[2]) : Number(userPart);
  if (!Number.isInteger(uid)) throw new Error(`user ${userPart} is not in the image's /etc/passwd`);
  let gid = entry ? Number(entry[3]) : uid;
  if (groupPart !== undefined) {
    const group = readFileSync(path.join(rootfs, 'etc', 'group'), 'utf8')
      .split('\n')
      .map((line) => line.split(':'))
      .find((fields) => fields[0] === groupPart || fields[2] === groupPart);
    gid = group ? Number(group[2]) : Number(groupPart);
  }
  return { uid, gid };
}
