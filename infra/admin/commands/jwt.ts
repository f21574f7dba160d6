// admin jwt status | rotate [--force] | retire: the session signing key's zero-downtime rotation (identity).
import {
  NEXT_KEY_WAIT_MS,
  retireSigningKeys,
  rotateSigningKey,
  type SigningKeyStatus,
  signingKeyStatus,
} from '../../../services/identity/src/operations/signing-key-rotation';
import { type AdminCommand, parseCommandArgs, requireAction, takePositionals } from '../admin-command';
import { when } from '../output';
import { UsageError } from '../usage-error';

const describeKey = (key: SigningKeyStatus) =>
  [
    key.kid,
    key.state,
    `created ${when(key.createdAt)}`,
    key.activatedAt ? `signing since ${when(key.activatedAt)}` : null,
    key.supersededAt ? `superseded ${when(key.supersededAt)}` : null,
    key.promotableAt ? `promotable from ${when(key.promotableAt)}` : null,
    key.retirableAt ? `retirable from ${when(key.retirableAt)}` : null,
  ]
    .filter(Boolean)
    .join('  ');

const waitMinutes = Math.round(NEXT_KEY_WAIT_MS / 60_000);

export const jwtCommand: AdminCommand = {
  name: 'jwt',
  usage: [
    'admin jwt status                  the session signing keys: next, signing, superseded, retired',
    `admin jwt rotate [--force]        publish a next key; run again after ${waitMinutes} min to sign with it`,
    'admin jwt retire                  drop superseded keys whose tokens have all expired from the JWKS',
  ],
  async run(args, context) {
    const [action, ...rest] = args;
    requireAction('jwt', action, ['status', 'rotate', 'retire']);
    const { values, positionals } = parseCommandArgs(rest, { force: { type: 'boolean' } });
    takePositionals(positionals, []);
    if (values.force && action !== 'rotate') throw new UsageError('--force belongs to `jwt rotate`');
    const db = await context.identityDb();
    switch (action) {
      case 'status': {
        const keys = await signingKeyStatus(db);
        context.out.result({ keys }, (result) => result.keys.map(describeKey));
        return;
      }
      case 'rotate': {
        const step = await rotateSigningKey(db, context.secretBox(), { force: values.force === true });
        context.out.result(step, (result) =>
          result.step === 'published'
            ? [
                `published next key ${result.kid} (in the JWKS, not signing yet)`,
                `run \`admin jwt rotate\` again after ${when(result.promotableAt)} (${waitMinutes} min: identity processes, HTTP caches and gateways refresh their keys by then) to sign with it`,
              ]
            : [
                `promoted ${result.kid}: it signs new sessions now${result.previousKid ? `; ${result.previousKid} stays published until its tokens expire` : ''}`,
                ...result.retiredKids.map((kid) => `retired ${kid}`),
              ],
        );
        return;
      }
      case 'retire': {
        const retired = await retireSigningKeys(db);
        context.out.result({ retired }, (result) =>
          result.retired.length > 0 ? result.retired.map((kid) => `retired ${kid}`) : ['no key to retire'],
        );
        return;
      }
      default:
        throw new UsageError(`Unknown jwt action "${action}"`);
    }
  },
};
