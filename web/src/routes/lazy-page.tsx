// A route's page loaded on first visit (its own chunk), so the landing page does not download every screen.
// The nearest <Suspense> (the root layout, or the signed-in frame around its content) shows the spinner while
// it loads; once loaded (or preloaded) the page renders at once, without suspending again.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

interface PageSource {
  loaded?: ComponentType;
  load: () => Promise<ComponentType>;
  lazy: LazyExoticComponent<ComponentType>;
}

const pageSources: PageSource[] = [];

function LazyRoutePage({ source }: { source: PageSource }) {
  const Page = source.loaded ?? source.lazy;
  return <Page />;
}

export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const source: PageSource = {
    load: async () => {
      source.loaded = (await load())[name];
      return source.loaded;
    },
    lazy: lazy(async () => ({ default: await source.load() })),
  };
  pageSources.push(source);
  return <LazyRoutePage source={source} />;
}

/** Loads every page's module now (component tests, so a first render does not wait on a module transform). */
export async function preloadPages(): Promise<void> {
  await Promise.all(pageSources.map((source) => source.load()));
}
