// The side menu of spec section 2, in its order (Sender Pools, issue 20, beside Email Accounts; Suppressions,
// issue 21, beside Email Logs).
export const navItems = [
  { to: '/dashboard', label: 'Dashboard', icon: 'M3 10.5 10 4l7 6.5V17a1 1 0 0 1-1 1h-4v-5H8v5H4a1 1 0 0 1-1-1z' },
  { to: '/send-email', label: 'Send Email', icon: 'M3 10 17 3l-4 14-3-6-7-1zM10 11l7-8' },
  { to: '/emails', label: 'Email Logs', icon: 'M4 4h12v12H4zM7 8h6M7 11h6M7 14h3' },
  { to: '/suppressions', label: 'Suppressions', icon: 'M10 3a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM5 5l10 10' },
  { to: '/email-accounts', label: 'Email Accounts', icon: 'M3 5h14v10H3zM3 5l7 6 7-6' },
  { to: '/sender-pools', label: 'Sender Pools', icon: 'M2 7h10v8H2zM2 7l5 4 5-4M8 4h10v8h-3' },
  { to: '/templates', label: 'Templates', icon: 'M5 3h7l3 3v11H5zM12 3v3h3M8 10h4M8 13h4' },
  { to: '/analytics', label: 'Analytics', icon: 'M4 16V9M8 16V5M12 16v-4M16 16V7' },
  {
    to: '/api-keys',
    label: 'API Keys',
    icon: 'M12.5 3a4.5 4.5 0 1 1-3.9 6.7L3 15.3V17h2.5v-1.5H7V14h1.5l1.3-1.3A4.5 4.5 0 0 1 12.5 3zM13.5 6.5h.01',
  },
  { to: '/webhooks', label: 'Webhooks', icon: 'M7 13a3 3 0 1 1 1.5-5.6L11 3M13 13h-5M13 13a3 3 0 1 0 2.6-4.5L13 4' },
  {
    to: '/docs',
    label: 'Documentation',
    icon: 'M4 4.5A1.5 1.5 0 0 1 5.5 3H16v12H5.5A1.5 1.5 0 0 0 4 16.5zM4 16.5A1.5 1.5 0 0 0 5.5 18H16v-3',
  },
  { to: '/profile', label: 'Profile', icon: 'M10 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3.5 17.5a6.5 6.5 0 0 1 13 0' },
] as const;
