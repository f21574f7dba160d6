// PLACEHOLDER signed-in layout shell (web part 1). Web part 2 replaces this file with the real layout:
// top bar with the user's email and Logout, the spec's side menu, collapsible/drawer behaviour.
import { Link, Outlet, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { buttonStyles } from '../../components/styles';
import { useAuth } from '../../features/auth';

export function AppLayout() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo to="/dashboard" />
          <div className="flex min-w-0 items-center gap-3">
            <span className="hidden truncate text-sm text-slate-600 sm:inline" data-testid="user-email">
              {user?.email}
            </span>
            <button
              type="button"
              className={buttonStyles.secondary}
              onClick={() => {
                logout();
                void navigate('/login');
              }}
            >
              Logout
            </button>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Outlet />
        <p className="mt-8 text-sm text-slate-500">
          <Link to="/docs" className="text-indigo-600 hover:underline">
            Documentation
          </Link>
        </p>
      </main>
    </div>
  );
}
