// One tokenizer pass over an HTML body for several readers. Accept reads a body twice over (its tracked links, its
// text version); each reader is a set of htmlparser2 tokenizer callbacks, and here they share the pass instead of
// each running a tokenizer of its own. Server-side only, as find-links.ts.
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** What a reader hears of the tokens: any of the tokenizer's callbacks, the rest ignored. */
export type HtmlReader = Partial<TokenizerCallbacks>;

type Callback = (a?: unknown, b?: unknown, c?: unknown) => void;

const CALLBACK_NAMES: readonly (keyof TokenizerCallbacks)[] = [
  'onattribdata',
  'onattribentity',
  'onattribend',
  'onattribname',
  'oncdata',
  'onclosetag',
  'oncomment',
  'ondeclaration',
  'onend',
  'onopentagend',
  'onopentagname',
  'onprocessinginstruction',
  'onselfclosingtag',
  'ontext',
  'ontextentity',
];

const ignore: Callback = () => {};

/** Each callback calls the readers that define it, in the order given. */
function fanOut(readers: readonly HtmlReader[]): TokenizerCallbacks {
  const callbacks: Record<string, Callback> = {};
  for (const name of CALLBACK_NAMES) {
    const handlers = readers.flatMap((reader) => (reader[name] ? [reader[name] as Callback] : []));
    const [only] = handlers;
    callbacks[name] =
      handlers.length === 0
        ? ignore
        : handlers.length === 1 && only
          ? only
          : (a, b, c) => {
              for (const handler of handlers) handler(a, b, c);
            };
  }
  return callbacks as unknown as TokenizerCallbacks;
}

/** Tokenizes `html` once (entities decoded), telling every reader. Linear in the length of `html`. */
export function readHtml(html: string, readers: readonly HtmlReader[]): void {
  const tokenizer = new Tokenizer({ decodeEntities: true }, fanOut(readers));
  tokenizer.write(html);
  tokenizer.end();
}
