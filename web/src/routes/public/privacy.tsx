// /privacy: the privacy policy.
import { LegalPage, type LegalSection } from '../../components/legal-page';

const sections: LegalSection[] = [
  {
    title: 'Who we are',
    body: (
      <p>
        Mailwright ("Mailwright", "we", "us") provides a platform for sending, scheduling and tracking email through sender
        accounts that you connect. This policy explains what personal data we collect when you use our website, web application
        and API (together, the "Service"), why we collect it, and the choices you have. If you run a self-hosted copy of
        Mailwright, the operator of that copy is responsible for the data it processes.
      </p>
    ),
  },
  {
    title: 'Information we collect',
    body: (
      <>
        <p>We collect the following categories of information:</p>
        <ul>
          <li>
            <strong>Account information:</strong> your name, email address, password (stored only as a one-way hash), avatar URL,
            and the sign-in providers (Google, GitHub, Microsoft) you link.
          </li>
          <li>
            <strong>Sender account information:</strong> the addresses, display names and server settings of the email accounts
            you connect. SMTP passwords and OAuth refresh tokens are encrypted at rest and never shown back to you.
          </li>
          <li>
            <strong>Content you send:</strong> templates, subjects, message bodies and recipient addresses of the emails you send
            or schedule through the Service.
          </li>
          <li>
            <strong>Usage and analytics data:</strong> delivery status, open and click events for the emails you send, API key
            usage times, and technical logs such as IP address, browser type and request times.
          </li>
          <li>
            <strong>Billing information:</strong> your plan, subscription dates and payment references. Card details are handled
            by our payment provider and never reach our servers.
          </li>
        </ul>
      </>
    ),
  },
  {
    title: 'How we use information',
    body: (
      <ul>
        <li>To provide the Service: authenticate you, send and schedule your emails, and show logs and analytics.</li>
        <li>To process payments, manage subscriptions and enforce plan quotas.</li>
        <li>To send service messages such as verification emails, password resets and important account notices.</li>
        <li>To keep the Service secure, prevent abuse and spam, and debug problems.</li>
        <li>To improve the Service using aggregated, de-identified usage statistics.</li>
      </ul>
    ),
  },
  {
    title: 'Email tracking',
    body: (
      <p>
        When you send an email with tracking, we add a small image and rewrite links so that we can tell you when the email was
        opened and which links were clicked. You are responsible for informing your recipients about tracking where the law
        requires it. Tracking data is available only to the sender of the email.
      </p>
    ),
  },
  {
    title: 'Legal bases for processing',
    body: (
      <p>
        We process personal data to perform our contract with you, to comply with legal obligations (for example tax and
        accounting rules), on the basis of our legitimate interests in running a secure and reliable service, and, where required,
        with your consent, which you may withdraw at any time.
      </p>
    ),
  },
  {
    title: 'Sharing of information',
    body: (
      <>
        <p>We do not sell your personal data. We share it only with:</p>
        <ul>
          <li>Email providers you connect (such as Google or Microsoft), to send email on your behalf.</li>
          <li>Our payment processor, to take payments for paid plans.</li>
          <li>Infrastructure providers that host our servers, under contracts that protect your data.</li>
          <li>Authorities, when the law requires it or to protect the rights and safety of our users.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Data retention',
    body: (
      <p>
        We keep your account data for as long as your account is active. Email logs and analytics are kept so that you can review
        them in the Service. When you delete your account, we delete or anonymise your personal data within 30 days, except where
        we must keep records for legal, tax or dispute-resolution purposes.
      </p>
    ),
  },
  {
    title: 'Security',
    body: (
      <p>
        We protect your data with encrypted connections (TLS), encryption of secrets at rest, hashed passwords and API keys,
        access controls and monitoring. No system is perfectly secure; if we become aware of a breach that affects your data, we
        will notify you as required by law.
      </p>
    ),
  },
  {
    title: 'Your rights',
    body: (
      <p>
        Depending on where you live, you may have the right to access, correct, export or delete your personal data, to object to
        or restrict certain processing, and to complain to a data protection authority. You can update most of your information
        from your profile; for anything else, contact us at support@mailwright.dev and we will respond within 30 days.
      </p>
    ),
  },
  {
    title: 'Cookies and local storage',
    body: (
      <p>
        The web application stores your session token and interface preferences (such as whether the side menu is collapsed) in
        your browser's local storage. We do not use advertising cookies. Removing this data signs you out.
      </p>
    ),
  },
  {
    title: "Children's privacy",
    body: (
      <p>
        The Service is not directed to children. You must be at least 13 years old to use it, and we do not knowingly collect
        personal data from children under 13. If you believe a child has given us personal data, contact us and we will delete it.
      </p>
    ),
  },
  {
    title: 'International transfers',
    body: (
      <p>
        Your data may be processed in countries other than your own. Where we transfer personal data internationally, we use
        appropriate safeguards such as standard contractual clauses.
      </p>
    ),
  },
  {
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy from time to time. We will post the new version on this page with a new "Last updated" date and,
        for significant changes, notify you by email or in the application.
      </p>
    ),
  },
  {
    title: 'Contact us',
    body: (
      <p>
        Questions about this policy or your data: email support@mailwright.dev or write to Mailwright, 4th Floor, 12 MG Road,
        Bengaluru 560001, India.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          Your privacy matters to us. This Privacy Policy describes how Mailwright collects, uses and protects your information
          when you use the Service. By using the Service, you agree to the practices described here.
        </p>
      }
      sections={sections}
    />
  );
}
