// The directive limit counts every directive a request would have the server process: on the
// operation and its variable definitions, on fields, on inline fragments, on fragment spreads and
// on the fragments they spread (once per spread: a fragment spread ten times is read ten times).
import { Kind, type DirectiveNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';

/** Directives of one operation with its fragments spread; Infinity once `budget` selections are walked. */
export function directivesOf(operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>, budget: number): number {
  let n = (operation.directives?.length ?? 0) + (operation.variableDefinitions ?? []).reduce((sum, v) => sum + (v.directives?.length ?? 0), 0);
  let left = budget;
  const count = (directives: readonly DirectiveNode[] | undefined) => (n += directives?.length ?? 0);
  const walk = (set: SelectionSetNode, seen: ReadonlySet<string>): void => {
    for (const selection of set.selections) {
      if (--left < 0) return;
      count(selection.directives);
      if (selection.kind === Kind.FIELD) {
        if (selection.selectionSet) walk(selection.selectionSet, seen);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, seen);
      } else {
        const fragment = fragments[selection.name.value];
        // A fragment already on this path is a cycle: another rule's error.
        if (!fragment || seen.has(fragment.name.value)) continue;
        count(fragment.directives);
        walk(fragment.selectionSet, new Set([...seen, fragment.name.value]));
      }
    }
  };
  walk(operation.selectionSet, new Set());
  return left < 0 ? Infinity : n;
}
