// The frame for the long legal texts (/privacy, /terms): title, last-updated date, numbered sections.
import type { ReactNode } from 'react';
import { PublicLayout } from './public-layout';

export const LEGAL_LAST_UPDATED = 'January 1, 2025';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

export function LegalPage({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <PublicLayout>
      <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">Last updated: {LEGAL_LAST_UPDATED}</p>
        <div className="mt-8 leading-relaxed text-slate-600">{intro}</div>
        <div className="mt-10 space-y-10">
          {sections.map((section, index) => (
            <section key={section.title}>
              <h2 className="text-xl font-semibold text-slate-900">
                {index + 1}. {section.title}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-slate-600 [&_li]:ml-5 [&_ul]:list-disc [&_ul]:space-y-1">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </article>
    </PublicLayout>
  );
}
