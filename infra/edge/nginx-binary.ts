// Where this machine's nginx is (Debian's nginx-light will do), for the edge (EDGE=nginx) and the bench's floors.
import { existsSync } from 'node:fs';

const candidates = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

export function nginxPath(): string | null {
  return candidates.find((candidate) => existsSync(candidate)) ?? null;
}
