// PLACEHOLDER /dashboard (and the other protected routes) for web part 1; part 2 builds the real screens.
import { useAuth } from '../../features/auth';

export function DashboardPlaceholder({ title = 'Dashboard' }: { title?: string }) {
  const { user } = useAuth();
  return (
    <section>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">Welcome back, {user?.name}!</p>
    </section>
  );
}
