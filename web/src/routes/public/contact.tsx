// /contact: a form that only simulates sending (~1 s), contact details, quick support and a short FAQ.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router-dom';
import { PageHeader, PublicLayout } from '../../components/public-layout';
import { buttonStyles, inputStyles, linkStyles } from '../../components/styles';
import { TextField } from '../../components/text-field';

export const CONTACT_SENT = "Message sent! We'll get back to you soon.";
export const CONTACT_SEND_DELAY_MS = 1000;

const emptyForm = { name: '', email: '', subject: '', message: '' };

const faqs = [
  {
    question: 'How quickly do you respond?',
    answer: 'We answer within 24 hours on business days. Pro and Enterprise customers get priority support within 4 hours.',
  },
  {
    question: 'Can I try Mailwright for free?',
    answer: 'Yes. The Free plan includes 100 emails a month, one sender account and five templates, with no card required.',
  },
  {
    question: 'Which email providers can I connect?',
    answer:
      'Gmail and Outlook through OAuth, and any provider that offers SMTP — for example Zoho, Amazon SES or your own server.',
  },
];

export function ContactPage() {
  const [form, setForm] = useState(emptyForm);
  const [isSending, setIsSending] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const update = (field: keyof typeof emptyForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsSending(true);
    // Nothing is sent anywhere (spec section 2): the form simulates a short round trip.
    timer.current = window.setTimeout(() => {
      toast.success(CONTACT_SENT);
      setForm(emptyForm);
      setIsSending(false);
    }, CONTACT_SEND_DELAY_MS);
  }

  return (
    <PublicLayout>
      <PageHeader title="Contact Us" subtitle="Questions about Mailwright, billing or your account? We're happy to help." />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-20 sm:px-6 lg:grid-cols-3 lg:px-8">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2"
        >
          <h2 id="contact-form-title" className="text-xl font-semibold text-slate-900">
            Send us a message
          </h2>
          <form onSubmit={handleSubmit} className="mt-6 grid gap-5 sm:grid-cols-2">
            <TextField label="Name" name="name" autoComplete="name" required value={form.name} onChange={update('name')} />
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={form.email}
              onChange={update('email')}
            />
            <TextField
              label="Subject"
              name="subject"
              required
              value={form.subject}
              onChange={update('subject')}
              className="sm:col-span-2"
            />
            <div className="sm:col-span-2">
              <label htmlFor="contact-message" className="mb-1.5 block text-sm font-medium text-slate-700">
                Message
              </label>
              <textarea
                id="contact-message"
                name="message"
                required
                rows={6}
                value={form.message}
                onChange={update('message')}
                className={inputStyles}
              />
            </div>
            <div className="sm:col-span-2">
              <button type="submit" className={`${buttonStyles.primary} w-full sm:w-auto`} disabled={isSending}>
                {isSending ? 'Sending...' : 'Send Message'}
              </button>
            </div>
          </form>
        </section>

        <aside className="space-y-6">
          <section className="rounded-2xl border border-slate-200 bg-white p-6">
            <h2 className="text-lg font-semibold text-slate-900">Contact details</h2>
            <dl className="mt-4 space-y-4 text-sm">
              <div>
                <dt className="font-medium text-slate-700">Email</dt>
                <dd>
                  <a href="mailto:support@mailwright.dev" className={linkStyles}>
                    support@mailwright.dev
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700">Phone (Pro and Enterprise)</dt>
                <dd className="text-slate-600">+91 80 4000 1234</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700">Office</dt>
                <dd className="text-slate-600">Mailwright, 4th Floor, 12 MG Road, Bengaluru 560001, India</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-700">Response time</dt>
                <dd className="text-slate-600">Within 24 hours on business days; 4 hours for priority support.</dd>
              </div>
            </dl>
          </section>
          <section className="rounded-2xl bg-indigo-50 p-6">
            <h2 className="text-lg font-semibold text-slate-900">Quick support</h2>
            <p className="mt-2 text-sm text-slate-600">Most questions are answered in our documentation.</p>
            <Link to="/docs" className={`mt-3 inline-block text-sm ${linkStyles}`}>
              Read the documentation →
            </Link>
          </section>
        </aside>
      </div>

      <section aria-labelledby="faq-title" className="bg-slate-50 py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <h2 id="faq-title" className="text-center text-2xl font-bold text-slate-900">
            Frequently asked questions
          </h2>
          <dl className="mt-8 space-y-4">
            {faqs.map((faq) => (
              <div key={faq.question} className="rounded-xl border border-slate-200 bg-white p-5">
                <dt className="font-semibold text-slate-900">{faq.question}</dt>
                <dd className="mt-2 text-sm text-slate-600">{faq.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </PublicLayout>
  );
}
