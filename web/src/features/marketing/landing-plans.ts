// The three plans as the landing page advertises them (spec sections 1 and 9): prices 0, 29, 99 a month.
import type { PlanId } from '../../api';

export interface LandingPlan {
  id: PlanId;
  name: string;
  price: number;
  features: string[];
  isPopular: boolean;
}

export const landingPlans: LandingPlan[] = [
  {
    id: 'free',
    name: 'Free',
    price: 0,
    features: ['100 emails per month', '1 email account', '5 templates', 'Basic analytics', 'Email support'],
    isPopular: false,
  },
  {
    id: 'pro',
    name: 'Pro',
    price: 29,
    features: [
      '10,000 emails per month',
      'Unlimited email accounts',
      'Unlimited templates',
      'Advanced analytics',
      'Priority support',
      'Phone support',
      'API access',
    ],
    isPopular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 99,
    features: [
      'Unlimited emails',
      'Unlimited email accounts',
      'Unlimited templates',
      'Advanced analytics',
      'Dedicated support',
      'Phone support',
      'API access',
      'Custom integrations',
    ],
    isPopular: false,
  },
];
