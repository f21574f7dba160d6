// The six features the landing page advertises (spec section 1).
import type { JSX, ReactNode } from 'react';

export interface ProductFeature {
  title: string;
  description: string;
  icon: JSX.Element;
}

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export const productFeatures: ProductFeature[] = [
  {
    title: 'Multiple Accounts',
    description: 'Connect Gmail and Outlook through OAuth, or any SMTP server, and pick the sender for every email.',
    icon: (
      <Icon>
        <path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2" />
        <circle cx="9" cy="7" r="4" />
        <path d="M22 21v-2a4 4 0 0 0-3-3.87M16 3.13a4 4 0 0 1 0 7.75" />
      </Icon>
    ),
  },
  {
    title: 'Email Scheduling',
    description: 'Schedule emails for the perfect moment in any time zone; cancel them any time before they go out.',
    icon: (
      <Icon>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 3" />
      </Icon>
    ),
  },
  {
    title: 'Analytics & Tracking',
    description: 'See which emails were delivered, opened and clicked, with open and click rates at a glance.',
    icon: (
      <Icon>
        <path d="M3 3v18h18" />
        <path d="M7 15l4-4 3 3 5-6" />
      </Icon>
    ),
  },
  {
    title: 'REST API',
    description: 'Send from your own code with a simple REST API and API keys you can create and revoke any time.',
    icon: (
      <Icon>
        <path d="M16 18l6-6-6-6M8 6l-6 6 6 6" />
      </Icon>
    ),
  },
  {
    title: 'Template Management',
    description: 'Keep reusable templates with {{variables}} and fill them in per recipient when you send.',
    icon: (
      <Icon>
        <rect x="3" y="3" width="18" height="18" rx="2" />
        <path d="M3 9h18M9 21V9" />
      </Icon>
    ),
  },
  {
    title: 'Secure & Reliable',
    description: 'OAuth sign-in for your providers, encrypted connections, and credentials encrypted at rest.',
    icon: (
      <Icon>
        <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
        <path d="M9 12l2 2 4-4" />
      </Icon>
    ),
  },
];
