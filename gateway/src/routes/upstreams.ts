// The public prefixes and the service behind each one: the platform layout's route table (@mailwright/contracts)
// with each service's address from the gateway's configuration.
import { type GatewayRoute, gatewayRoutes, serviceUrlVar } from '@mailwright/contracts';
import type { GatewayConfig } from '../config';

export interface Upstream extends GatewayRoute {
  url: (config: GatewayConfig) => string;
}

export const upstreams: Upstream[] = gatewayRoutes.map((route) => ({
  ...route,
  url: (config) => config[serviceUrlVar(route.service)],
}));
