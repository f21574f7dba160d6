// The route table of spec section 2, as data-router route objects (tests mount them in a memory router).
import { Outlet, type RouteObject, ScrollRestoration } from 'react-router-dom';
import { AppLayout } from './app/app-layout';
import { appRoutes } from './app/app-routes';
import { ErrorPage } from './error-page';
import { GuestOnlyRoute, ProtectedRoute } from './guards';
import { AboutPage } from './public/about';
import { AuthCallbackPage } from './public/auth-callback';
import { BlogPage } from './public/blog';
import { ContactPage } from './public/contact';
import { DocsPage } from './public/docs';
import { ForgotPasswordPage } from './public/forgot-password';
import { LandingPage } from './public/landing';
import { LoginPage } from './public/login';
import { PricingPage } from './public/pricing';
import { PrivacyPage } from './public/privacy';
import { ResetPasswordPage } from './public/reset-password';
import { SignupPage } from './public/signup';
import { TermsPage } from './public/terms';
import { VerifyEmailPage } from './public/verify-email';

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
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
          { path: '/', element: <LandingPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/signup', element: <SignupPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
        ],
      },
      { path: '/verify-email/:token', element: <VerifyEmailPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/docs', element: <DocsPage /> },
      { path: '/pricing', element: <PricingPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/blog', element: <BlogPage /> },
      {
        element: <ProtectedRoute />,
        children: [{ element: <AppLayout />, children: appRoutes }],
      },
    ],
  },
];
