// The CLI's environment: where the gateway is and the caller's credentials.
import { Mailwright } from '../client';

export function clientFromEnv(env: NodeJS.ProcessEnv = process.env): Mailwright {
  return new Mailwright({
    baseUrl: env.MAILWRIGHT_URL || 'http://localhost:3000',
    apiKey: env.MAILWRIGHT_API_KEY,
    token: env.MAILWRIGHT_TOKEN,
  });
}

export const HELP = `Usage: mailwright <command> [options]

Commands:
  send       Send an email (API key)
               --to <address>      a recipient (repeat for more)
               --subject <text>
               --body <html> | --html-file <path>
               --text <text>       the plain-text version
               --at <ISO time>     schedule it (with --timezone <IANA zone>)
  logs       The latest emails of the API key's account (--limit <n>, --status <status>; the key's read scope)
               --follow            keep polling and print new ones (--interval <seconds>, default 5)
  templates  The account's templates (needs MAILWRIGHT_TOKEN, a signed-in user's token)
  keys       The account's API keys, masked (needs MAILWRIGHT_TOKEN, a signed-in user's token)

Environment:
  MAILWRIGHT_URL      the gateway, e.g. https://mail.example.com (default http://localhost:3000)
  MAILWRIGHT_API_KEY  an API key, for send and logs
  MAILWRIGHT_TOKEN    a signed-in user's token, for templates and keys
`;
