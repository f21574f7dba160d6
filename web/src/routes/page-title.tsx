// The document title of the current route: "<page name> · Mailwright", from the deepest route's `handle.title`
// (spec page names); the landing page is plain "Mailwright".
import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

export const PRODUCT_NAME = 'Mailwright';

interface TitleHandle {
  title: string;
}

/** The `handle` of a route whose page is called `title`. */
export const titled = (title: string): TitleHandle => ({ title });

export const documentTitle = (title?: string) => (title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME);

function hasTitle(handle: unknown): handle is TitleHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as TitleHandle).title === 'string';
}

export function useDocumentTitle(title?: string) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

export function RouteTitle() {
  const matches = useMatches();
  const title = matches
    .map((match) => match.handle)
    .filter(hasTitle)
    .at(-1)?.title;
  useDocumentTitle(title);
  return null;
}
