// One tokenizer pass over an HTML body for several readers. Accept reads a body twice over (its tracked links, its
// text version); each reader is a set of htmlparser2 tokenizer callbacks, and here they share the pass instead of
// each running a tokenizer of its own. Server-side only, as find-links.ts.
import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** What a reader hears of the tokens: any of the tokenizer's callbacks, the rest ignored. */
export type HtmlReader = Partial<TokenizerCallbacks>;

type Callback = (a?: unknown, b?: unknown, c?: unknown) => void;

const ignore: Callback = () => {};

/** The reader's callbacks with the rest ignored, in one object literal: the tokenizer always sees one shape. */
function complete(reader: HtmlReader): TokenizerCallbacks {
  return {
    onattribdata: reader.onattribdata ?? ignore,
    onattribentity: reader.onattribentity ?? ignore,
    onattribend: reader.onattribend ?? ignore,
    onattribname: reader.onattribname ?? ignore,
    oncdata: reader.oncdata ?? ignore,
    onclosetag: reader.onclosetag ?? ignore,
    oncomment: reader.oncomment ?? ignore,
    ondeclaration: reader.ondeclaration ?? ignore,
    onend: reader.onend ?? ignore,
    onopentagend: reader.onopentagend ?? ignore,
    onopentagname: reader.onopentagname ?? ignore,
    onprocessinginstruction: reader.onprocessinginstruction ?? ignore,
    onselfclosingtag: reader.onselfclosingtag ?? ignore,
    ontext: reader.ontext ?? ignore,
    ontextentity: reader.ontextentity ?? ignore,
  };
}

/** The tokenizer's callback names, read off `complete` so the two never differ. */
const CALLBACK_NAMES = Object.keys(complete({})) as (keyof TokenizerCallbacks)[];

/** One reader whose callbacks call `first`'s and then `second`'s, where they define them. */
function both(first: HtmlReader, second: HtmlReader): HtmlReader {
  const shared: Record<string, Callback> = {};
  for (const name of CALLBACK_NAMES) {
    const one = first[name] as Callback | undefined;
    const other = second[name] as Callback | undefined;
    const handler =
      one && other
        ? (a?: unknown, b?: unknown, c?: unknown) => {
            one(a, b, c);
            other(a, b, c);
          }
        : (one ?? other);
    if (handler) shared[name] = handler;
  }
  return shared;
}

/** Tokenizes `html` once (entities decoded), telling every reader. Linear in the length of `html`. */
export function readHtml(html: string, readers: readonly HtmlReader[]): void {
  const [first = {}, ...rest] = readers;
  const tokenizer = new Tokenizer({ decodeEntities: true }, complete(rest.reduce(both, first)));
  tokenizer.write(html);
  tokenizer.end();
}
