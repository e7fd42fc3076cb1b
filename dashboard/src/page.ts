import type { Session } from './api.ts';
import type { Locale } from './format.ts';

/** What every page gets from the shell: the session (role decides owner-only actions) and the account's currency and time zone. */
export interface PageProps {
  session: Session;
  locale: Locale;
}

export const isOwner = (session: Session): boolean => session.user.role === 'owner';
