// Sign-in (POST /auth/login) and the password change a new user must make first (POST /auth/password).
import { useState } from 'preact/hooks';
import { auth, type AuthAnswer, type Session } from '../api.ts';

function failure(answer: AuthAnswer): string {
  if (answer.status === 0) return 'The service cannot be reached. Check your connection and try again.';
  if (answer.status === 429) return `Too many attempts. Try again in ${answer.retryAfter ?? 'a few'} seconds.`;
  const message = typeof answer.body?.message === 'string' ? answer.body.message : null;
  if (answer.status === 401) return message ?? 'Wrong e-mail or password.';
  return message ?? `The service answered ${answer.status}.`;
}

/**
 * A form posting to /auth/<path> that answers a session: `payload` reads the form (or returns a
 * message to show instead of sending), `onSession` gets the session on success.
 */
function useSessionForm(path: string, payload: (form: FormData) => Record<string, unknown> | string, onSession: (session: Session) => void) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const body = payload(new FormData(event.currentTarget as HTMLFormElement));
    if (typeof body === 'string') return setError(body);
    setPending(true);
    const answer = await auth(path, 'POST', body);
    setPending(false);
    if (answer.status === 200 && answer.body) onSession(answer.body as unknown as Session);
    else setError(failure(answer));
  };
  return { error, pending, submit };
}

export function SignIn({ notice, onSignedIn }: { notice?: string; onSignedIn(session: Session): void }) {
  const { error, pending, submit } = useSessionForm('login', (form) => ({ email: form.get('email'), password: form.get('password') }), onSignedIn);
  return (
    <main id="main" class="auth-page">
      <form class="card auth" onSubmit={submit} aria-labelledby="sign-in-title">
        <h1 id="sign-in-title">Sign in to your dashboard</h1>
        {notice ? <p role="status">{notice}</p> : null}
        <label for="email">E-mail</label>
        <input id="email" name="email" type="email" autocomplete="username" required />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        {error ? (
          <p class="problem" role="alert" id="sign-in-error">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}

export function ChangePassword({ session, onChanged }: { session: Session; onChanged(session: Session): void }) {
  const { error, pending, submit } = useSessionForm(
    'password',
    (form) =>
      form.get('newPassword') !== form.get('confirm')
        ? 'The two new passwords differ.'
        : { currentPassword: form.get('currentPassword'), newPassword: form.get('newPassword') },
    onChanged,
  );
  return (
    <main id="main" class="auth-page">
      <form class="card auth" onSubmit={submit} aria-labelledby="password-title">
        <h1 id="password-title">Choose a new password</h1>
        <p>{session.user.email}: your password was given to you once. Choose your own before you continue (at least 12 characters).</p>
        <label for="currentPassword">Current (one-time) password</label>
        <input id="currentPassword" name="currentPassword" type="password" autocomplete="current-password" required />
        <label for="newPassword">New password</label>
        <input id="newPassword" name="newPassword" type="password" autocomplete="new-password" minLength={12} required />
        <label for="confirm">New password, again</label>
        <input id="confirm" name="confirm" type="password" autocomplete="new-password" minLength={12} required />
        {error ? (
          <p class="problem" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={pending}>
          {pending ? 'Saving…' : 'Save and continue'}
        </button>
      </form>
    </main>
  );
}
