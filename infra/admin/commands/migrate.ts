// admin migrate: every service's migrations, as the deploy's migrate job applies them.
import { migrateAll } from '../../docker/migrate-all';
import { type AdminCommand, parseCommandArgs, takePositionals } from '../admin-command';

export const migrateCommand: AdminCommand = {
  name: 'migrate',
  usage: ["admin migrate                     apply every service's migrations (creates the database if needed)"],
  async run(args, context) {
    takePositionals(parseCommandArgs(args, {}).positionals, []);
    const migrated: Array<{ schema: string; ms: number }> = [];
    await migrateAll(await context.url(), (schema, ms) => migrated.push({ schema, ms }));
    context.out.result({ migrated }, (result) => result.migrated.map(({ schema, ms }) => `migrated ${schema} (${ms} ms)`));
  },
};
