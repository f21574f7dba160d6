// The environment every process of a stack starts with: where Postgres, Redis and the public URL are, the
// secrets, and each process's port and each service's URL as the platform layout names them.
import { gatewayProcess, intakeProcesses, platformServices, serviceUrlVar } from '@mailwright/contracts';

export interface StackEnvironmentOptions {
  databaseUrl: string;
  redisUrl: string;
  secrets: Record<string, string>;
  ports: 'default' | 'random';
  env?: Record<string, string>;
}

/**
 * `ports`: the port each process listens on, by process name (services not started are absent); an intake's public
 * listeners by `<process>/<listener>` (see listenerPortKey).
 */
export function stackEnvironment(options: StackEnvironmentOptions, ports: Map<string, number>): Record<string, string> {
  const gatewayPort = ports.get(gatewayProcess.name) ?? gatewayProcess.defaultPort;
  const publicUrl =
    options.env?.PUBLIC_URL ?? (options.ports === 'random' ? `http://127.0.0.1:${gatewayPort}` : 'http://localhost:8080');
  const env: Record<string, string> = {
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    PUBLIC_URL: publicUrl,
    // The mail service asks the gateway about the keys of sends the edge forwards to it (kit's edge-callers.ts).
    GATEWAY_URL: `http://127.0.0.1:${gatewayPort}`,
    ...options.secrets,
    ...options.env,
  };
  for (const spec of [...platformServices, gatewayProcess, ...intakeProcesses]) {
    const port = ports.get(spec.name);
    if (port !== undefined) env[spec.portVar] = String(port);
    for (const listener of spec.listeners ?? []) {
      const listenerPort = ports.get(listenerPortKey(spec.name, listener.name));
      if (listenerPort !== undefined) env[listener.portVar] = String(listenerPort);
    }
  }
  for (const spec of platformServices) {
    const port = ports.get(spec.name);
    if (port !== undefined) env[serviceUrlVar(spec.name)] = `http://127.0.0.1:${port}`;
  }
  return env;
}

/** The key of an intake listener's port in a stack's port map. */
export const listenerPortKey = (process: string, listener: string) => `${process}/${listener}`;
