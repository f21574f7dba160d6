// / landing: hero, the six features, the three plans, a closing call to action.
import { Link } from 'react-router-dom';
import { PublicLayout } from '../../components/public-layout';
import { buttonStyles } from '../../components/styles';
import { formatPlanPrice } from '../../features/billing/format-price';
import { PlanCard } from '../../features/billing/plan-card';
import { PLAN_CATALOGUE } from '../../features/billing/plan-catalogue';
import { productFeatures } from '../../features/marketing/product-features';

function HeroIllustration() {
  return (
    <div
      className="relative mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-5 shadow-xl shadow-indigo-100"
      aria-hidden="true"
    >
      <div className="flex items-center gap-2 border-b border-slate-100 pb-3">
        <span className="h-3 w-3 rounded-full bg-red-300" />
        <span className="h-3 w-3 rounded-full bg-amber-300" />
        <span className="h-3 w-3 rounded-full bg-emerald-300" />
        <span className="ml-2 text-xs text-slate-500">POST /api/emails/api/send</span>
      </div>
      <pre className="mt-3 overflow-hidden text-left text-xs leading-relaxed text-slate-700">
        <code>{`{
  "to": ["ada@example.com"],
  "subject": "Welcome aboard",
  "body": "<h1>Hi Ada!</h1>",
  "scheduledAt": "2025-01-05T13:00:00Z"
}`}</code>
      </pre>
      <div className="mt-4 grid grid-cols-3 gap-2 text-center">
        {[
          ['Sent', '1,284', 'text-emerald-700'],
          ['Opened', '61%', 'text-indigo-600'],
          ['Clicked', '18%', 'text-sky-700'],
        ].map(([label, value, color]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2">
            <p className={`text-lg font-bold ${color}`}>{value}</p>
            <p className="text-xs text-slate-500">{label}</p>
          </div>
        ))}
      </div>
    </div>
  );
}

export function LandingPage() {
  return (
    <PublicLayout>
      <section className="overflow-hidden bg-gradient-to-b from-indigo-50 via-white to-white">
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
          <div className="text-center lg:text-left">
            <p className="inline-flex rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold text-indigo-700">
              Email infrastructure for developers and teams
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl">
              Send, schedule and track email <span className="text-indigo-600">from your own accounts</span>
            </h1>
            <p className="mx-auto mt-6 max-w-xl text-lg text-slate-600 lg:mx-0">
              Connect Gmail, Outlook or any SMTP server, keep templates with variables, and send from the dashboard or a REST API
              — with open and click analytics built in.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row lg:justify-start">
              <Link to="/signup" className={`${buttonStyles.primary} px-6 py-3 text-base`}>
                Start Free Trial
              </Link>
              <Link to="/docs" className={`${buttonStyles.secondary} px-6 py-3 text-base`}>
                View Docs
              </Link>
            </div>
            <p className="mt-4 text-sm text-slate-500">Free plan forever · No card required · 99.9% uptime</p>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section aria-labelledby="features-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Everything you need to send email
          </h2>
          <p className="mt-4 text-lg text-slate-600">One place for your sender accounts, templates, schedules and results.</p>
        </div>
        <div className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {productFeatures.map((feature) => (
            <article key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 transition hover:shadow-md">
              <div className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-indigo-100 text-indigo-600">
                {feature.icon}
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{feature.description}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-labelledby="plans-title" className="bg-slate-50 py-20">
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="plans-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
              Simple, transparent pricing
            </h2>
            <p className="mt-4 text-lg text-slate-600">Billed monthly. Upgrade, downgrade or cancel any time.</p>
          </div>
          <div className="mt-14 grid gap-8 md:grid-cols-3">
            {PLAN_CATALOGUE.map((plan) => (
              <PlanCard
                key={plan.id}
                testId={`landing-plan-${plan.id}`}
                name={plan.name}
                price={formatPlanPrice(plan.price)}
                features={plan.features.filter((feature) => feature.included)}
                isPopular={plan.popular}
                action={
                  <Link to="/signup" className={`${plan.popular ? buttonStyles.primary : buttonStyles.secondary} w-full`}>
                    {plan.price === 0 ? 'Start Free Trial' : 'Get Started'}
                  </Link>
                }
              />
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-indigo-600 px-6 py-14 text-center sm:px-12">
          <h2 className="text-3xl font-bold tracking-tight text-white">Ready to send your first email?</h2>
          <p className="mx-auto mt-4 max-w-xl text-white">
            Create a free account, connect a sender and send in minutes. 100 emails a month are on us.
          </p>
          <Link
            to="/signup"
            className="mt-8 inline-flex rounded-lg bg-white px-6 py-3 text-base font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-indigo-600"
          >
            Get Started for Free
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
