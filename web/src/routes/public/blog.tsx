// /blog: six articles, category tabs and a newsletter form. Tabs, Read More and Subscribe do nothing (spec).
import type { FormEvent } from 'react';
import { PageHeader, PublicLayout } from '../../components/public-layout';
import { buttonStyles, focusRing, inputStyles } from '../../components/styles';
import { type BlogArticle, blogArticles, blogCategories } from '../../features/marketing/blog-articles';

function ArticleCover({ article }: { article: BlogArticle }) {
  const gradientId = `blog-cover-${article.id}`;
  return (
    <svg viewBox="0 0 400 200" className="h-44 w-full" role="img" aria-label={`${article.category} illustration`}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor={article.image.from} />
          <stop offset="100%" stopColor={article.image.to} />
        </linearGradient>
      </defs>
      <rect width="400" height="200" fill={`url(#${gradientId})`} />
      <circle cx="340" cy="40" r="70" fill="#fff" opacity="0.08" />
      <circle cx="60" cy="180" r="90" fill="#fff" opacity="0.08" />
      <text x="200" y="118" textAnchor="middle" fontSize="56" fontWeight="700" fill="#fff" opacity="0.9">
        {article.image.glyph}
      </text>
    </svg>
  );
}

export function BlogPage() {
  const ignoreSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  return (
    <PublicLayout>
      <PageHeader title="Mailwright Blog" subtitle="Tutorials, best practices and product news about sending email that lands." />
      <div className="mx-auto max-w-7xl px-4 pb-20 sm:px-6 lg:px-8">
        <div role="tablist" aria-label="Categories" className="flex gap-2 overflow-x-auto pb-2">
          {blogCategories.map((category, index) => (
            <button
              key={category}
              type="button"
              role="tab"
              aria-selected={index === 0}
              className={`shrink-0 whitespace-nowrap rounded-full px-4 py-2 text-sm font-medium ${focusRing} ${
                index === 0 ? 'bg-indigo-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
              }`}
            >
              {category}
            </button>
          ))}
        </div>

        <div className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {blogArticles.map((article) => (
            <article
              key={article.id}
              className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white"
              data-testid="blog-article"
            >
              <ArticleCover article={article} />
              <div className="flex flex-1 flex-col p-6">
                <p className="text-xs font-semibold uppercase tracking-wide text-indigo-600">{article.category}</p>
                <h2 className="mt-2 text-lg font-semibold text-slate-900">{article.title}</h2>
                <p className="mt-2 flex-1 text-sm text-slate-600">{article.excerpt}</p>
                <div className="mt-4 flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
                  <span className="font-medium text-slate-700">{article.author}</span>
                  <span aria-hidden="true">·</span>
                  <time>{article.date}</time>
                  <span aria-hidden="true">·</span>
                  <span>{article.readTime}</span>
                </div>
                <button
                  type="button"
                  className={`mt-4 self-start text-sm font-semibold text-indigo-600 hover:text-indigo-500 ${focusRing} rounded`}
                >
                  Read More →
                </button>
              </div>
            </article>
          ))}
        </div>

        <section aria-labelledby="newsletter-title" className="mt-16 rounded-3xl bg-indigo-600 px-6 py-12 text-center sm:px-12">
          <h2 id="newsletter-title" className="text-2xl font-bold text-white">
            Subscribe to our newsletter
          </h2>
          <p className="mx-auto mt-3 max-w-lg text-white">Get new articles and product updates in your inbox once a month.</p>
          <form onSubmit={ignoreSubmit} className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row">
            <label htmlFor="newsletter-email" className="sr-only">
              Email address
            </label>
            <input
              id="newsletter-email"
              type="email"
              name="email"
              placeholder="you@example.com"
              className={`${inputStyles} flex-1`}
            />
            <button type="submit" className={`${buttonStyles.secondary} border-transparent text-indigo-700`}>
              Subscribe
            </button>
          </form>
        </section>
      </div>
    </PublicLayout>
  );
}
