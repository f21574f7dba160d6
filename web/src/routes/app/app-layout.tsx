// The signed-in layout: see features/layout/app-shell.tsx.
export { AppShell as AppLayout } from '../../features/layout/app-shell';
