// The six hard-coded blog articles (spec section 2). `image` names a gradient cover drawn inline.
export interface BlogArticle {
  id: number;
  title: string;
  excerpt: string;
  author: string;
  date: string;
  readTime: string;
  category: BlogCategory;
  image: { from: string; to: string; glyph: string };
}

export const blogCategories = ['All', 'Tutorial', 'Best Practices', 'Analytics', 'Development', 'Design', 'Enterprise'] as const;
export type BlogCategory = Exclude<(typeof blogCategories)[number], 'All'>;

export const blogArticles: BlogArticle[] = [
  {
    id: 1,
    title: 'Getting Started with Mailwright: Send Your First Email in 5 Minutes',
    excerpt: 'Connect a Gmail, Outlook or SMTP account, write a message and send it — a quick tour of the essentials.',
    author: 'Priya Sharma',
    date: 'December 18, 2024',
    readTime: '5 min read',
    category: 'Tutorial',
    image: { from: '#6366f1', to: '#a855f7', glyph: '✉' },
  },
  {
    id: 2,
    title: '10 Email Deliverability Best Practices for 2025',
    excerpt: 'SPF, DKIM, DMARC, warm-up and list hygiene: what keeps your emails out of the spam folder.',
    author: 'Arjun Mehta',
    date: 'December 12, 2024',
    readTime: '8 min read',
    category: 'Best Practices',
    image: { from: '#10b981', to: '#0ea5e9', glyph: '✓' },
  },
  {
    id: 3,
    title: 'Understanding Open and Click Rates',
    excerpt: 'What open and click tracking can and cannot tell you, and how to read the numbers on your analytics page.',
    author: 'Sara Thomas',
    date: 'December 5, 2024',
    readTime: '6 min read',
    category: 'Analytics',
    image: { from: '#f59e0b', to: '#ef4444', glyph: '%' },
  },
  {
    id: 4,
    title: 'Sending Email from Node.js with the Mailwright REST API',
    excerpt: 'Create an API key, call POST /api/emails/api/send and schedule emails from your own code.',
    author: 'Rahul Verma',
    date: 'November 28, 2024',
    readTime: '7 min read',
    category: 'Development',
    image: { from: '#0f172a', to: '#4f46e5', glyph: '{ }' },
  },
  {
    id: 5,
    title: 'Designing Email Templates That Work in Every Inbox',
    excerpt: 'Simple layouts, inline styles and {{variables}}: templates that look right in Gmail, Outlook and on phones.',
    author: 'Neha Kapoor',
    date: 'November 20, 2024',
    readTime: '6 min read',
    category: 'Design',
    image: { from: '#ec4899', to: '#f97316', glyph: '✎' },
  },
  {
    id: 6,
    title: 'Scaling Email for Teams: Multiple Senders, One Platform',
    excerpt: 'How growing companies organise sender accounts, templates and API keys across teams and products.',
    author: 'Vikram Rao',
    date: 'November 14, 2024',
    readTime: '9 min read',
    category: 'Enterprise',
    image: { from: '#14b8a6', to: '#6366f1', glyph: '▦' },
  },
];
