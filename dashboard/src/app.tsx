// The app shell: who is signed in (GET /auth/session), sign-in and the forced password change,
// then the account's profile (one Shell query) and the page of the current route.
import { useEffect, useState } from 'preact/hooks';
import { auth, gql, whenSignedOut, type Session } from './api.ts';
import { ShellDocument, type ShellQuery } from './__generated__/graphql.ts';
import { navigate, PAGES, useRoute } from './router.ts';
import { Link, Loading, Problems } from './ui.tsx';
import { SignIn, ChangePassword } from './pages/sign-in.tsx';
import { Overview } from './pages/overview.tsx';
import { ApiKeys } from './pages/keys.tsx';
import { Webhooks } from './pages/webhooks.tsx';
import { Insights } from './pages/insights.tsx';
import { Settings } from './pages/settings.tsx';
import { Customers, Orders } from './pages/lists.tsx';
import { Inventory } from './pages/inventory.tsx';
import { Imports } from './pages/imports.tsx';
import { Integrations } from './pages/integrations.tsx';
import type { PageProps } from './page.ts';

const SIGN_IN = '/sign-in';

const ROUTES: Record<string, (props: PageProps) => preact.JSX.Element> = {
  '': Overview,
  '/keys': ApiKeys,
  '/webhooks': Webhooks,
  '/insights': Insights,
  '/customers': Customers,
  '/orders': Orders,
  '/inventory': Inventory,
  '/imports': Imports,
  '/integrations': Integrations,
  '/settings': Settings,
};

type SessionState = { status: 'loading' } | { status: 'signed-out'; notice?: string } | { status: 'signed-in'; session: Session };

export function App() {
  const route = useRoute();
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [account, setAccount] = useState<{ data: ShellQuery['viewer'] | null; errors: Parameters<typeof Problems>[0]['errors'] } | null>(null);

  useEffect(() => {
    // A request refused after the user signed out (one still in flight when they clicked) must
    // not replace the sign-out's own notice: an existing signed-out state is kept.
    const check = (notice?: string) =>
      void auth('session', 'GET').then((answer) =>
        setState((previous) =>
          answer.status === 200 && answer.body
            ? { status: 'signed-in', session: answer.body as unknown as Session }
            : previous.status === 'signed-out'
              ? previous
              : { status: 'signed-out', notice },
        ),
      );
    whenSignedOut(() => check('Your session has ended. Sign in again.'));
    check();
  }, []);

  const signedIn = state.status === 'signed-in' && !state.session.user.mustChangePassword;
  useEffect(() => {
    if (!signedIn) return;
    void gql(ShellDocument).then((answer) => setAccount({ data: answer.data?.viewer ?? null, errors: answer.errors }));
  }, [signedIn]);

  useEffect(() => {
    if (state.status === 'signed-out' && route !== SIGN_IN) {
      sessionStorage.setItem('dashboard:next', route);
      navigate(SIGN_IN, true);
    }
    if (state.status === 'signed-in' && route === SIGN_IN) navigate(sessionStorage.getItem('dashboard:next') ?? '', true);
  }, [state.status, route]);

  useEffect(() => {
    const page = PAGES.find((p) => p.path === route);
    document.title = `${page?.title ?? (route === SIGN_IN ? 'Sign in' : 'Not found')} · Dashboard`;
  }, [route]);

  if (state.status === 'loading') return <Loading label="Checking your session…" />;
  if (state.status === 'signed-out') return <SignIn notice={state.notice} onSignedIn={(session) => setState({ status: 'signed-in', session })} />;
  const { session } = state;
  if (session.user.mustChangePassword) return <ChangePassword session={session} onChanged={(next) => setState({ status: 'signed-in', session: next })} />;

  const signOut = async (everywhere: boolean) => {
    await auth(everywhere ? 'logout-everywhere' : 'logout', 'POST');
    setAccount(null);
    setState({ status: 'signed-out', notice: everywhere ? 'Signed out on every device.' : 'Signed out.' });
  };
  const Page = ROUTES[route];
  return (
    <div class="layout">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">{account?.data?.account.name ?? session.account.name}</span>
        <nav aria-label="Pages">
          <ul>
            {PAGES.map((page) => (
              <li key={page.path}>
                <Link to={page.path} aria-current={page.path === route ? 'page' : undefined}>
                  {page.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div class="who">
          <span>
            {session.user.email} ({session.user.role})
          </span>
          <button type="button" onClick={() => void signOut(false)}>
            Sign out
          </button>
          <button type="button" class="secondary" onClick={() => void signOut(true)}>
            Sign out everywhere
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {!account ? (
          <Loading />
        ) : !account.data ? (
          <Problems errors={account.errors} what="Your account" />
        ) : Page ? (
          <Page session={session} locale={account.data.account} />
        ) : (
          <section>
            <h1>Page not found</h1>
            <p>
              <Link to="">Back to the overview</Link>
            </p>
          </section>
        )}
      </main>
    </div>
  );
}
