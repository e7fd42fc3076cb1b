// The actual cost of an answer: the objects it holds, counted with the same rules as the requested
// cost (limits.ts), so that actual never exceeds requested for what the estimate covers: a value
// object (Money) costs nothing, like a scalar. The answer is walked together with the operation's
// selections and the schema, so a field's type comes from the schema, never from the shape of the
// data (an alias cannot make an object look like a free one). Where a response key could be two
// different fields (fragments on different types of an abstract field, without __typename to tell
// them apart), every object under it is counted.
import {
  getNamedType,
  getNullableType,
  isAbstractType,
  isLeafType,
  isListType,
  isObjectType,
  Kind,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { VALUE_TYPES, type Fragments } from './limits.ts';

/**
 * A response key's field and its selections from every place it is selected (GraphQL merges
 * them); null for a field that holds no object (a leaf, or no selections): nothing to count there.
 */
type Resolved = { type: GraphQLOutputType; set: SelectionSetNode } | 'ambiguous' | null;
type Entry = { field: GraphQLField<unknown, unknown>; selections: SelectionSetNode['selections'][number][] } | 'ambiguous';

/** Every object in `value`, whatever its type (the conservative count). */
function countAll(value: unknown): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length) {
    const item = stack.pop();
    if (Array.isArray(item)) stack.push(...item);
    else if (item && typeof item === 'object') {
      n++;
      stack.push(...Object.values(item));
    }
  }
  return n;
}

/**
 * What each selection set of a document asks of each runtime type, worked out once per schema and
 * document: Apollo keeps a parsed document for every request that sends the same text, so a
 * dashboard sending one query pays for the walk of its answer only.
 */
const plans = new WeakMap<GraphQLSchema, WeakMap<SelectionSetNode, Map<string, Map<string, Resolved>>>>();

export function actualCost(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Fragments, data: unknown): number {
  const root = schema.getRootType(operation.operation);
  if (!root || !data || typeof data !== 'object') return 0;
  let cache = plans.get(schema);
  if (!cache) plans.set(schema, (cache = new WeakMap()));

  /** The fields an object of `type` answers, by response key (`concrete`: its runtime type when known). */
  const fieldsByKey = (
    set: SelectionSetNode,
    type: GraphQLCompositeType,
    concrete: GraphQLObjectType | null,
    out = new Map<string, Entry>(),
    seen = new Set<string>(),
  ) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const key = selection.alias?.value ?? selection.name.value;
        const field = isObjectType(type) || isAbstractType(type) ? ('getFields' in type ? type.getFields()[selection.name.value] : undefined) : undefined;
        const known = out.get(key);
        if (!field) {
          if (!known && !selection.name.value.startsWith('__')) out.set(key, 'ambiguous');
          continue;
        }
        if (known === undefined) out.set(key, { field, selections: [...(selection.selectionSet?.selections ?? [])] });
        else if (known !== 'ambiguous' && known.field.name === field.name && String(known.field.type) === String(field.type))
          known.selections.push(...(selection.selectionSet?.selections ?? []));
        else out.set(key, 'ambiguous');
        continue;
      }
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
      if (!fragment || (selection.kind === Kind.FRAGMENT_SPREAD && seen.has(selection.name.value))) continue;
      const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type;
      if (!condition || !(isObjectType(condition) || isAbstractType(condition))) continue;
      if (concrete && condition !== concrete && !(isAbstractType(condition) && schema.isSubType(condition, concrete))) continue;
      const nextSeen = selection.kind === Kind.FRAGMENT_SPREAD ? new Set([...seen, selection.name.value]) : seen;
      fieldsByKey(fragment.selectionSet, condition, concrete, out, nextSeen);
    }
    return out;
  };

  const visitObject = (value: object, type: GraphQLCompositeType, set: SelectionSetNode): number => {
    let n = 0;
    const typename = (value as { __typename?: unknown }).__typename;
    const concrete = isObjectType(type) ? type : typeof typename === 'string' ? schema.getType(typename) : undefined;
    const runtime = concrete && isObjectType(concrete) ? concrete : null;
    // The same selections are looked up for every object of a list: worked out once per type.
    let byType = cache.get(set);
    if (!byType) cache.set(set, (byType = new Map()));
    let fields = byType.get(runtime?.name ?? '');
    if (!fields) {
      fields = new Map();
      for (const [key, entry] of fieldsByKey(set, type, runtime))
        fields.set(
          key,
          entry === 'ambiguous'
            ? entry
            : entry.selections.length && !isLeafType(getNamedType(entry.field.type))
              ? { type: entry.field.type, set: { kind: Kind.SELECTION_SET, selections: entry.selections } }
              : null,
        );
      byType.set(runtime?.name ?? '', fields);
    }
    // Answers are GraphQL's prototype-less objects: for…in sees exactly their own keys.
    for (const key in value) {
      const entry = fields.get(key);
      if (!entry) continue; // a leaf, or __typename
      const child = (value as Record<string, unknown>)[key];
      n += entry === 'ambiguous' ? countAll(child) : visit(child, entry.type, entry.set);
    }
    return n;
  };

  const visit = (value: unknown, type: GraphQLOutputType, set: SelectionSetNode | undefined): number => {
    if (value === null || value === undefined) return 0;
    const nullable = getNullableType(type);
    if (isListType(nullable)) return Array.isArray(value) ? value.reduce((n: number, item) => n + visit(item, nullable.ofType, set), 0) : 0;
    if (isLeafType(nullable) || !set || typeof value !== 'object') return 0;
    return (VALUE_TYPES.has(nullable.name) ? 0 : 1) + visitObject(value, nullable, set);
  };

  // The data object itself is not a selected object.
  return visitObject(data, root, operation.selectionSet);
}
