// Client-side routes under /dashboard (the server answers every /dashboard/* path with the app).
import { useEffect, useState } from 'preact/hooks';

export const BASE = '/dashboard';

export const PAGES = [
  { path: '', title: 'Overview' },
  { path: '/keys', title: 'API keys' },
  { path: '/webhooks', title: 'Webhooks' },
  { path: '/insights', title: 'Insights' },
  { path: '/customers', title: 'Customers' },
  { path: '/orders', title: 'Orders' },
  { path: '/inventory', title: 'Inventory' },
  { path: '/imports', title: 'Imports' },
  { path: '/integrations', title: 'Integrations' },
  { path: '/settings', title: 'Settings' },
] as const;

const listeners = new Set<() => void>();

/** The route: the path under /dashboard without a trailing slash ('' for the overview). */
export function currentRoute(): string {
  const path = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : '';
  return path.replace(/\/+$/, '');
}

export function navigate(route: string, replace = false): void {
  const url = `${BASE}${route}`;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  listeners.forEach((listener) => listener());
}

export function useRoute(): string {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const update = () => setRoute(currentRoute());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return route;
}
