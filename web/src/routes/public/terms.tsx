// /terms: the terms of service.
import { LegalPage, type LegalSection } from '../../components/legal-page';

const sections: LegalSection[] = [
  {
    title: 'Acceptance of terms',
    body: (
      <p>
        These Terms of Service ("Terms") govern your use of the Mailwright website, web application and API (the "Service"). By
        creating an account or using the Service you agree to these Terms. If you use the Service on behalf of an organisation,
        you agree to them on its behalf and confirm you have the authority to do so.
      </p>
    ),
  },
  {
    title: 'Eligibility',
    body: (
      <p>
        You must be at least 13 years old to use the Service, and old enough to form a binding contract where you live. You must
        give accurate information when you sign up and keep it up to date.
      </p>
    ),
  },
  {
    title: 'Your account',
    body: (
      <p>
        You are responsible for keeping your password and API keys secret and for all activity under your account. Verify your
        email address before signing in, and tell us at once at support@mailwright.dev if you suspect unauthorised use. You can
        revoke API keys at any time from the API Keys screen.
      </p>
    ),
  },
  {
    title: 'Acceptable use',
    body: (
      <>
        <p>You agree not to use the Service to:</p>
        <ul>
          <li>Send unsolicited bulk email (spam) or email to addresses obtained without consent.</li>
          <li>Send phishing, malware, fraudulent, defamatory, harassing or illegal content.</li>
          <li>Impersonate any person or send from accounts you are not authorised to use.</li>
          <li>Break the anti-spam laws that apply to you, such as CAN-SPAM, GDPR or India's IT Act.</li>
          <li>Probe, overload or interfere with the Service, or get around its quotas and rate limits.</li>
        </ul>
        <p>We may suspend accounts that break these rules, with or without notice.</p>
      </>
    ),
  },
  {
    title: 'Connected email accounts',
    body: (
      <p>
        When you connect a Gmail, Outlook or SMTP account, you authorise us to send email through it on your instructions. You
        remain responsible for complying with that provider's terms and sending limits. We are not responsible for messages
        rejected, delayed or filtered by your provider or your recipients' servers.
      </p>
    ),
  },
  {
    title: 'Plans, billing and payment',
    body: (
      <>
        <p>
          The Service offers a Free plan and paid Pro and Enterprise plans. Paid plans are billed monthly, in advance, at the
          price shown on the pricing page when you subscribe. Each plan includes a monthly email quota; unused emails do not carry
          over to the next month.
        </p>
        <p>
          Payments are processed by our payment provider. By subscribing you authorise the charge for your plan. We may change
          prices with at least 30 days' notice; the new price applies from your next billing period.
        </p>
      </>
    ),
  },
  {
    title: 'Cancellation and refunds',
    body: (
      <p>
        You may cancel a paid plan at any time. Cancellation takes effect at the end of the current billing period; until then you
        keep the features of your plan. All payments are non-refundable, and we do not give refunds or credits for partial months,
        unused emails or downgrades, except where the law requires it.
      </p>
    ),
  },
  {
    title: 'Your content',
    body: (
      <p>
        You keep all rights to the templates, emails and other content you put into the Service. You grant us a limited licence to
        store, process and transmit that content only as needed to provide the Service to you.
      </p>
    ),
  },
  {
    title: 'Availability',
    body: (
      <p>
        We aim for 99.9% uptime but do not guarantee that the Service will be uninterrupted or error-free. We may carry out
        maintenance, and we may change or discontinue features with reasonable notice.
      </p>
    ),
  },
  {
    title: 'Intellectual property',
    body: (
      <p>
        The Service, including its software, design and trademarks, belongs to Mailwright and its licensors. These Terms do not
        give you any right to use our names, logos or trademarks.
      </p>
    ),
  },
  {
    title: 'Termination',
    body: (
      <p>
        You may stop using the Service and delete your account at any time. We may suspend or terminate your access if you break
        these Terms or if required by law. On termination your right to use the Service ends, and we may delete your data as
        described in our Privacy Policy.
      </p>
    ),
  },
  {
    title: 'Disclaimers and limitation of liability',
    body: (
      <p>
        The Service is provided "as is" and "as available", without warranties of any kind. To the fullest extent permitted by
        law, Mailwright is not liable for indirect, incidental, special or consequential damages, or for lost profits, data or
        goodwill. Our total liability for any claim is limited to the amount you paid us in the three months before the claim.
      </p>
    ),
  },
  {
    title: 'Governing law',
    body: (
      <p>
        These Terms are governed by the laws of India. The courts of Bengaluru, Karnataka have exclusive jurisdiction over any
        dispute arising from them, unless the law of your country of residence requires otherwise.
      </p>
    ),
  },
  {
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these Terms. We will post the new version here with a new "Last updated" date and notify you of significant
        changes. Continuing to use the Service after a change means you accept the updated Terms.
      </p>
    ),
  },
  {
    title: 'Contact',
    body: <p>Questions about these Terms: support@mailwright.dev.</p>,
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={<p>Please read these Terms carefully before using Mailwright. They explain your rights and obligations.</p>}
      sections={sections}
    />
  );
}
