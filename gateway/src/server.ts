// The gateway process: validated configuration, the app on its public port, the metrics listener on its own.
import { loadConfigOrExit, processMetrics, runService, serveMetrics } from '@mailwright/kit';
import { buildApp } from './app';
import { checkGatewayConfig, GatewayConfigSchema } from './config';

const config = loadConfigOrExit(GatewayConfigSchema, checkGatewayConfig);
const app = await buildApp(config);
if (config.METRICS_PORT > 0) {
  const metricsListener = await serveMetrics(processMetrics('gateway'), {
    port: config.METRICS_PORT,
    host: config.METRICS_HOST,
    token: config.METRICS_TOKEN,
    isReady: async () => (await app.inject({ url: '/readyz' })).statusCode === 200,
  });
  app.addHook('onClose', async () => {
    await new Promise((resolve) => {
      metricsListener.close(resolve);
      metricsListener.closeAllConnections();
    });
  });
}
await runService(app, config.PORT, config.HOST);
app.log.info(`Mailwright is up at ${config.PUBLIC_URL}`);
