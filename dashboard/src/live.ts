// Live updates: GraphQL subscriptions over graphql-ws on our own /graphql (the session cookie goes
// with the same-origin WebSocket upgrade). One client for the app, opened lazily.
import { createClient, type Client } from 'graphql-ws';
import { useEffect } from 'preact/hooks';
import type { TypedDocumentString } from './__generated__/graphql.ts';

let client: Client | null = null;

function liveClient(): Client {
  client ??= createClient({
    url: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`,
    lazy: true,
    retryAttempts: 5,
  });
  return client;
}

/** Calls `onEvent` with each event of the subscription while the component is mounted. */
export function useSubscription<T, V>(document: TypedDocumentString<T, V>, onEvent: (data: T) => void): void {
  useEffect(() => {
    const unsubscribe = liveClient().subscribe<T>(
      { query: document.toString() },
      {
        next: (result) => {
          if (result.data) onEvent(result.data);
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
    return unsubscribe;
  }, [document]);
}
