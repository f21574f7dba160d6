// /about: mission, story, three values and a call to action.
import { Link } from 'react-router-dom';
import { PageHeader, PublicLayout } from '../../components/public-layout';
import { buttonStyles } from '../../components/styles';

const values = [
  {
    title: 'User-Focused',
    text: 'Every screen and every endpoint starts from what the person sending the email needs: clear results, clear errors, no surprises.',
  },
  {
    title: 'Security First',
    text: 'OAuth for your providers, encrypted connections, secrets encrypted at rest, and keys you can revoke in a click.',
  },
  {
    title: 'Innovation',
    text: 'We keep improving scheduling, analytics and the API so sending at scale keeps getting simpler.',
  },
];

export function AboutPage() {
  return (
    <PublicLayout>
      <PageHeader
        title="About Mailwright"
        subtitle="We help developers and teams send email they can trust, from accounts they already own."
      />
      <div className="mx-auto max-w-4xl space-y-16 px-4 pb-20 sm:px-6">
        <section aria-labelledby="mission-title">
          <h2 id="mission-title" className="text-2xl font-bold text-slate-900">
            Our mission
          </h2>
          <p className="mt-4 leading-relaxed text-slate-600">
            Email is still how businesses talk to their customers, yet sending it well is harder than it should be. Our mission is
            to make reliable, trackable email available to every developer and every team — without handing your sender reputation
            to someone else. Mailwright sends through your own Gmail, Outlook or SMTP accounts, and gives you the scheduling,
            templates, analytics and API that used to need a dedicated platform.
          </p>
        </section>
        <section aria-labelledby="story-title">
          <h2 id="story-title" className="text-2xl font-bold text-slate-900">
            Our story
          </h2>
          <p className="mt-4 leading-relaxed text-slate-600">
            Mailwright started as an internal tool. We were a small team sending invoices, onboarding emails and newsletters from
            a handful of mailboxes, juggling scripts, spreadsheets and copy-pasted templates. We wanted one place to connect every
            sender, schedule emails across time zones and see what was opened — so we built it.
          </p>
          <p className="mt-4 leading-relaxed text-slate-600">
            Other teams asked to use it, and Mailwright became a product: self-hostable, built on open standards, and priced so
            that a side project and an enterprise can both afford it. Today it handles transactional and scheduled email for
            developers, startups and businesses, with a 99.9% uptime commitment.
          </p>
        </section>
        <section aria-labelledby="values-title">
          <h2 id="values-title" className="text-2xl font-bold text-slate-900">
            Our values
          </h2>
          <div className="mt-6 grid gap-6 md:grid-cols-3">
            {values.map((value) => (
              <article key={value.title} className="rounded-2xl border border-slate-200 bg-white p-6">
                <h3 className="text-lg font-semibold text-indigo-700">{value.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{value.text}</p>
              </article>
            ))}
          </div>
        </section>
        <section className="rounded-3xl bg-indigo-600 px-6 py-12 text-center">
          <h2 className="text-2xl font-bold text-white">Join us</h2>
          <p className="mx-auto mt-3 max-w-lg text-white">Start with the free plan and send your first email in minutes.</p>
          <Link to="/signup" className={`${buttonStyles.secondary} mt-6 border-transparent px-6 py-3 text-base text-indigo-700`}>
            Start Free Trial
          </Link>
        </section>
      </div>
    </PublicLayout>
  );
}
