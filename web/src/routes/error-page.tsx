// The router's fallback for a thrown error or an unknown address.
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { LogoMark } from '../components/logo';
import { buttonStyles } from '../components/styles';
import { useDocumentTitle } from './page-title';

export function ErrorPage() {
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  if (error && !isNotFound) console.error(error);
  useDocumentTitle(isNotFound ? 'Page Not Found' : 'Error');
  return (
    <main
      id="main"
      tabIndex={-1}
      className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center"
    >
      <LogoMark className="h-12 w-12" />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Unexpected Application Error</h1>
      <p className="max-w-md text-slate-600">
        {isNotFound ? 'The page you are looking for does not exist.' : 'Something went wrong while showing this page.'}
      </p>
      <Link to="/" className={buttonStyles.primary}>
        Back to home
      </Link>
    </main>
  );
}
