// The templates service's environment, validated once at start.
import { baseServiceConfig, serviceUrls } from '@mailwright/kit';
import { type Static, Type } from '@sinclair/typebox';

export const ConfigSchema = Type.Object({
  ...baseServiceConfig,
  ...serviceUrls,
  TEMPLATES_PORT: Type.Integer({ default: 4003, minimum: 0, maximum: 65535 }),
});

export type Config = Static<typeof ConfigSchema>;
