import { loadConfigOrExit, runService } from '@mailwright/kit';
import { buildApp } from './app';
import { checkGatewayConfig, GatewayConfigSchema } from './config';

const config = loadConfigOrExit(GatewayConfigSchema, checkGatewayConfig);
const app = await buildApp(config);
await runService(app, config.PORT, config.HOST);
app.log.info(`Mailwright is up at ${config.PUBLIC_URL}`);
