// Lookahead: the arguments a field's selection gives to a field further down (through fragments
// too), so that a resolver can read a nested edge in its own statement when the query asks for
// it (Query.customers reads the page's recent orders with the page; bench/graphql).
import { getArgumentValues, Kind, type FieldNode, type GraphQLObjectType, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

/** The selections named `name` in a selection set, fragments spread and inlined. */
function fieldsNamed(info: GraphQLResolveInfo, set: SelectionSetNode | undefined, name: string, seen = new Set<string>()) {
  const found: FieldNode[] = [];
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === name) found.push(selection);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      found.push(...fieldsNamed(info, selection.selectionSet, name, seen));
    } else if (!seen.has(selection.name.value)) {
      seen.add(selection.name.value);
      found.push(...fieldsNamed(info, info.fragments[selection.name.value]?.selectionSet, name, seen));
    }
  }
  return found;
}

/**
 * The argument values of every selection of `type.field` reached from the resolving field by
 * `path` (field names, the last one on `type`), variables and defaults applied. Values that do
 * not coerce are left out: the field's own resolver reports them.
 */
export function argumentsAhead(info: GraphQLResolveInfo, path: string[], type: GraphQLObjectType): Array<Record<string, unknown>> {
  let level: readonly FieldNode[] = info.fieldNodes;
  for (const name of path) level = level.flatMap((f) => fieldsNamed(info, f.selectionSet, name));
  const definition = type.getFields()[path[path.length - 1]!]!;
  return level.flatMap((node) => {
    try {
      return [getArgumentValues(definition, node, info.variableValues)];
    } catch {
      return [];
    }
  });
}
