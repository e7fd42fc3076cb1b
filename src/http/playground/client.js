// The playground page's script: GraphiQL with a field for the API key. Browser code, bundled with
// React, GraphiQL and Monaco by scripts/build-playground.mjs (never run by Node, not type-checked).
// The key is kept in this tab's sessionStorage only, and sent as `Authorization: Bearer <key>`.
/* global __PLAYGROUND_WORKERS__ */
import { createElement as h, useCallback, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import './playground.css';

const mount = document.getElementById('playground');
const endpoint = mount.dataset.endpoint || '/graphql';
const KEY_ITEM = 'svc-playground-api-key';
// As much of a key as the service's key lists show: `svc_<env>_` and six random characters.
const DISPLAY_PREFIX = 15;

// Monaco starts its language workers from files this service serves next to this script.
const assets = new URL('.', import.meta.url);
globalThis.MonacoEnvironment = {
  getWorker(_id, label) {
    const name = __PLAYGROUND_WORKERS__[label] ?? __PLAYGROUND_WORKERS__.editor;
    return new Worker(new URL(name, assets), { name: `${label} worker` });
  },
};

const DEFAULT_QUERY = mount.dataset.defaultQuery || '';

function readStoredKey() {
  try {
    return sessionStorage.getItem(KEY_ITEM) ?? '';
  } catch {
    return '';
  }
}

function storeKey(key) {
  try {
    if (key) sessionStorage.setItem(KEY_ITEM, key);
    else sessionStorage.removeItem(KEY_ITEM);
  } catch {
    // Storage disabled: the key lives in this page only.
  }
}

/** A fetcher that sends the headers of GraphiQL's editor plus the key from the field (the field wins). */
function keyedFetcher(key) {
  return async (params, options) => {
    const headers = { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', ...(options?.headers ?? {}) };
    if (key) headers.authorization = `Bearer ${key}`;
    const response = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(params), credentials: 'omit' });
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      return { errors: [{ message: `HTTP ${response.status}: ${text.slice(0, 500)}` }] };
    }
  };
}

function KeyBar({ applied, onApply }) {
  const [draft, setDraft] = useState(applied);
  const submit = useCallback(
    (event) => {
      event.preventDefault();
      onApply(draft.trim());
    },
    [draft, onApply],
  );
  return h(
    'form',
    { className: 'svc-keybar', onSubmit: submit, 'aria-label': 'API key' },
    h('label', { htmlFor: 'svc-api-key' }, 'API key'),
    h('input', {
      id: 'svc-api-key',
      name: 'api-key',
      type: 'password',
      autoComplete: 'off',
      spellCheck: false,
      placeholder: 'svc_test_… or svc_live_…',
      value: draft,
      onChange: (event) => setDraft(event.target.value),
    }),
    h('button', { type: 'submit', id: 'svc-api-key-apply' }, 'Use key'),
    h(
      'span',
      { className: 'svc-keybar-status', id: 'svc-api-key-status', role: 'status' },
      applied ? `Sending Authorization: Bearer ${applied.slice(0, DISPLAY_PREFIX)}…` : 'No key: requests are unauthenticated',
    ),
  );
}

function Playground() {
  const [key, setKey] = useState(readStoredKey);
  const fetcher = useMemo(() => keyedFetcher(key), [key]);
  const apply = useCallback((next) => {
    storeKey(next);
    setKey(next);
  }, []);
  return h(
    'div',
    { className: 'svc-playground' },
    h(KeyBar, { applied: key, onApply: apply }),
    h('div', { className: 'svc-graphiql' }, h(GraphiQL, { fetcher, defaultQuery: DEFAULT_QUERY, shouldPersistHeaders: false })),
  );
}

createRoot(mount).render(h(Playground));
