// One GraphQL request per page: runs it when the variables change and on reload(); keeps the last
// data while reloading so that a page does not flash.
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { gql, type GraphQLProblem } from './api.ts';
import type { TypedDocumentString } from './__generated__/graphql.ts';

export interface QueryState<T, V> {
  loading: boolean;
  data: T | null;
  /** The variables `data` was fetched with (the current ones may be newer while loading). */
  dataVariables: V | null;
  errors: GraphQLProblem[];
  reload(): void;
}

export function useQuery<T, V>(document: TypedDocumentString<T, V>, variables: V): QueryState<T, V> {
  const key = JSON.stringify(variables);
  const [state, setState] = useState<{ loading: boolean; data: T | null; dataVariables: V | null; errors: GraphQLProblem[] }>({
    loading: true,
    data: null,
    dataVariables: null,
    errors: [],
  });
  const [generation, setGeneration] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const ticket = ++latest.current;
    setState((previous) => ({ ...previous, loading: true }));
    const sent = JSON.parse(key) as V;
    void gql(document, sent).then((answer) => {
      if (ticket === latest.current) setState({ loading: false, data: answer.data, dataVariables: sent, errors: answer.errors });
    });
  }, [document, key, generation]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { ...state, reload };
}

/** A mutation's pending flag and last outcome, for a form or button. */
export function useMutation<T, V>(document: TypedDocumentString<T, V>) {
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<GraphQLProblem[]>([]);
  const run = useCallback(
    async (variables: V): Promise<T | null> => {
      setPending(true);
      const answer = await gql(document, variables);
      setPending(false);
      setErrors(answer.errors);
      return answer.data;
    },
    [document],
  );
  return { run, pending, errors, setErrors };
}
