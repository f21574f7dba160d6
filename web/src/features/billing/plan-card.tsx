// One plan as a card: name, price, feature list with included/not-included marks, and an action slot.
// Used by the landing page and /pricing; the caller decides what the button does.
import type { ReactNode } from 'react';

export interface PlanCardFeature {
  text: string;
  included: boolean;
}

interface PlanCardProps {
  name: string;
  /** Already formatted, e.g. '₹29'. */
  price: string;
  period?: string;
  features: PlanCardFeature[];
  /** Pro's 'Most Popular' badge. */
  isPopular?: boolean;
  /** The signed-in user's current plan (web part 2). */
  isHighlighted?: boolean;
  action: ReactNode;
  testId?: string;
}

export function PlanCard({ name, price, period = '/month', features, isPopular, isHighlighted, action, testId }: PlanCardProps) {
  const ring = isHighlighted
    ? 'border-indigo-600 ring-2 ring-indigo-600'
    : isPopular
      ? 'border-indigo-300 shadow-lg shadow-indigo-100'
      : 'border-slate-200';
  return (
    <article data-testid={testId} className={`relative flex flex-col rounded-2xl border bg-white p-6 sm:p-8 ${ring}`}>
      {isPopular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold text-white">
          Most Popular
        </span>
      )}
      <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
      <p className="mt-4 flex items-baseline gap-1">
        <span className="text-4xl font-bold tracking-tight text-slate-900">{price}</span>
        <span className="text-sm text-slate-500">{period}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {features.map((feature) => (
          <li key={feature.text} className="flex items-start gap-2">
            {feature.included ? (
              <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 fill-emerald-500" aria-hidden="true">
                <path d="M7.6 13.2 4.4 10l-1.2 1.2 4.4 4.4 9.2-9.2-1.2-1.2z" />
              </svg>
            ) : (
              <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 fill-slate-400" aria-hidden="true">
                <path d="M5.2 4 4 5.2 8.8 10 4 14.8 5.2 16l4.8-4.8 4.8 4.8 1.2-1.2L11.2 10 16 5.2 14.8 4 10 8.8z" />
              </svg>
            )}
            <span className={feature.included ? 'text-slate-700' : 'text-slate-600 line-through decoration-slate-400'}>
              <span className="sr-only">{feature.included ? 'Included: ' : 'Not included: '}</span>
              {feature.text}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  );
}
