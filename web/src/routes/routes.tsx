// The route table of spec section 2, as data-router route objects (tests mount them in a memory router).
// Every page is its own chunk (lazyPage) and names itself in `handle.title` for the document title.
import { Suspense } from 'react';
import { Outlet, type RouteObject, ScrollRestoration } from 'react-router-dom';
import { FullPageSpinner } from '../components/spinner';
import { AppLayout } from './app/app-layout';
import { appRoutes } from './app/app-routes';
import { ErrorPage } from './error-page';
import { GuestOnlyRoute, ProtectedRoute } from './guards';
import { lazyPage } from './lazy-page';
import { RouteTitle, titled } from './page-title';
import { SkipLink } from './skip-link';

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <RouteTitle />
      <SkipLink />
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <ErrorPage />,
    children: [
      {
        element: <GuestOnlyRoute />,
        children: [
          { path: '/', element: lazyPage(() => import('./public/landing'), 'LandingPage') },
          { path: '/login', element: lazyPage(() => import('./public/login'), 'LoginPage'), handle: titled('Login') },
          { path: '/signup', element: lazyPage(() => import('./public/signup'), 'SignupPage'), handle: titled('Sign Up') },
          {
            path: '/forgot-password',
            element: lazyPage(() => import('./public/forgot-password'), 'ForgotPasswordPage'),
            handle: titled('Forgot Password'),
          },
        ],
      },
      {
        path: '/verify-email/:token',
        element: lazyPage(() => import('./public/verify-email'), 'VerifyEmailPage'),
        handle: titled('Verify Email'),
      },
      {
        path: '/reset-password/:token',
        element: lazyPage(() => import('./public/reset-password'), 'ResetPasswordPage'),
        handle: titled('Reset Password'),
      },
      {
        path: '/auth/callback',
        element: lazyPage(() => import('./public/auth-callback'), 'AuthCallbackPage'),
        handle: titled('Signing In'),
      },
      { path: '/docs', element: lazyPage(() => import('./public/docs'), 'DocsPage'), handle: titled('Documentation') },
      { path: '/pricing', element: lazyPage(() => import('./public/pricing'), 'PricingPage'), handle: titled('Pricing') },
      { path: '/about', element: lazyPage(() => import('./public/about'), 'AboutPage'), handle: titled('About') },
      { path: '/contact', element: lazyPage(() => import('./public/contact'), 'ContactPage'), handle: titled('Contact') },
      {
        path: '/privacy',
        element: lazyPage(() => import('./public/privacy'), 'PrivacyPage'),
        handle: titled('Privacy Policy'),
      },
      { path: '/terms', element: lazyPage(() => import('./public/terms'), 'TermsPage'), handle: titled('Terms of Service') },
      { path: '/blog', element: lazyPage(() => import('./public/blog'), 'BlogPage'), handle: titled('Blog') },
      {
        element: <ProtectedRoute />,
        children: [{ element: <AppLayout />, children: appRoutes }],
      },
    ],
  },
];
