// Limits checked before execution, so that no database work starts for a query that would be
// refused: depth, aliases and directives (validation rules), and the cost, computed from the
// connection sizes the query asks for (with its variables), capped and reported as Shopify does.
import {
  GraphQLError,
  getArgumentValues,
  getNamedType,
  isLeafType,
  isListType,
  getNullableType,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ASTVisitor,
  isObjectType,
  isAbstractType,
} from 'graphql';
import { requestError } from './errors.ts';
import { directivesOf } from './directive-limit.ts';
import { bucketCount, checkRange, type DateRange, type Interval } from '../domain/reports/index.ts';

export const MAX_ALIASES = 30;
export const MAX_DIRECTIVES = 20;
export const MAX_TOKENS = 3000;

/** Page-size arguments and their bounds, by field (the connection maxima of the schema). */
export const PAGE_LIMITS: Record<string, { default: number; min: number; max: number }> = {
  'Query.customers': { default: 25, min: 0, max: 100 },
  'Query.insights': { default: 25, min: 0, max: 100 },
  'Query.reorderSuggestions': { default: 50, min: 0, max: 200 },
  'Credits.transactions': { default: 25, min: 0, max: 100 },
  'WebhookSubscription.deliveries': { default: 25, min: 0, max: 100 },
  'Customer.recentOrders': { default: 5, min: 1, max: 20 },
  'Query.inventory': { default: 100, min: 1, max: 500 },
  'Query.orders': { default: 25, min: 0, max: 100 },
  'Query.salesBreakdown': { default: 20, min: 1, max: 100 },
  'Query.topCustomers': { default: 10, min: 1, max: 100 },
};
/** Sizes assumed for lists that take no page argument (an upper estimate of what they return). */
const LIST_SIZES: Record<string, number> = {
  'Query.webhooks': 25,
  'Query.nodes': 100,
  'Query.dashboardUsers': 50,
  'WebhookSubscriptionConnection.nodes': 25,
  'WebhookSubscriptionConnection.edges': 25,
  'WebhookDelivery.attempts': 10,
  'Integrations.nodes': 20,
  'IntegrationSyncStatus.recentErrors': 10,
  'AnomalyWindow.nodes': 50,
  'InventoryItem.reorderSuggestions': 5,
  'AdPerformance.campaigns': 50,
  'AdPerformance.platforms': 2,
};
/** Lists whose size is the page size of the field above them (edges and nodes of a connection). */
const PAGED_CHILDREN = new Set(['edges', 'nodes', 'days', 'rows', 'buckets']);
/** Value objects (a pair of scalars, no lookup of their own): they cost nothing, as a scalar. */
export const VALUE_TYPES: ReadonlySet<string> = new Set(['Money']);

/** A report's bucket count from its range and interval (1 when the range is invalid: the resolver refuses it). */
function reportBuckets(args: Record<string, unknown>): number {
  try {
    return bucketCount(checkRange(args.range as DateRange), (args.interval ?? 'DAY') as Interval);
  } catch {
    return 1;
  }
}

export type Fragments = Record<string, FragmentDefinitionNode>;
/** Field visits left to a walk: fragments spread inside fragments can multiply a small document. */
export const MAX_SELECTIONS = 20_000;
type Budget = { left: number };

function fragmentsOf(definitions: readonly { kind: Kind }[]): Fragments {
  const fragments: Fragments = {};
  for (const d of definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[(d as FragmentDefinitionNode).name.value] = d as FragmentDefinitionNode;
  return fragments;
}

/** Fields of a selection set with fragments flattened (a fragment seen twice on one path is skipped: cycles are another rule's error). */
function fieldsOf(selectionSet: SelectionSetNode, fragments: Fragments, budget: Budget, seen: ReadonlySet<string> = new Set()): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (--budget.left < 0) return fields;
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fields.push(...fieldsOf(selection.selectionSet, fragments, budget, seen));
    else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (fragment && !seen.has(name)) fields.push(...fieldsOf(fragment.selectionSet, fragments, budget, new Set([...seen, name])));
    }
  }
  return fields;
}

function depthOf(selectionSet: SelectionSetNode, fragments: Fragments, limit: number, budget: Budget, depth = 1): number {
  if (depth > limit) return depth;
  let deepest = depth;
  for (const field of fieldsOf(selectionSet, fragments, budget)) {
    // Introspection (__schema, __type) is bounded by the type system itself, and a client's
    // standard introspection query nests deeper than any data query needs to.
    if (field.selectionSet && !field.name.value.startsWith('__')) deepest = Math.max(deepest, depthOf(field.selectionSet, fragments, limit, budget, depth + 1));
    if (deepest > limit) break;
  }
  return deepest;
}

/** Validation rules: selection depth, aliases and directives per operation. */
export function limitRules(maxDepth: number) {
  const perOperation =
    (check: (operation: OperationDefinitionNode, context: ValidationContext) => GraphQLError | null) =>
    (context: ValidationContext): ASTVisitor => ({
      OperationDefinition(operation) {
        const error = check(operation, context);
        if (error) context.reportError(error);
      },
    });
  const fragments = (context: ValidationContext) => fragmentsOf(context.getDocument().definitions);
  // Walks no deeper than the depth limit allows (which also ends fragment cycles, another rule's error).
  const count = (operation: OperationDefinitionNode, context: ValidationContext, what: (field: FieldNode) => number) => {
    let n = 0;
    const all = fragments(context);
    const budget = { left: MAX_SELECTIONS };
    const walk = (set: SelectionSetNode, depth: number) => {
      for (const field of fieldsOf(set, all, budget)) {
        n += what(field);
        if (field.selectionSet && depth <= maxDepth) walk(field.selectionSet, depth + 1);
      }
    };
    walk(operation.selectionSet, 1);
    return budget.left < 0 ? Infinity : n;
  };
  return [
    // Names that begin with "__" are GraphQL's own (introspection). An alias such as `__typename: id`
    // would also pass another field's value off as the object's type name, which the actual-cost
    // walk reads to tell the types of an abstract field apart.
    (context: ValidationContext): ASTVisitor => ({
      Field(field) {
        if (field.alias?.value.startsWith('__'))
          context.reportError(requestError('RESERVED_ALIAS', `The alias "${field.alias.value}" is reserved: names beginning with "__" belong to GraphQL.`));
      },
    }),
    perOperation((operation, context) => {
      const budget = { left: MAX_SELECTIONS };
      const depth = depthOf(operation.selectionSet, fragments(context), maxDepth, budget);
      if (budget.left < 0)
        return requestError('MAX_SELECTIONS_EXCEEDED', `The query selects more than ${MAX_SELECTIONS} fields once its fragments are spread.`);
      return depth > maxDepth ? requestError('MAX_DEPTH_EXCEEDED', `The query is nested deeper than ${maxDepth} levels.`) : null;
    }),
    perOperation((operation, context) => {
      const aliases = count(operation, context, (field) => (field.alias ? 1 : 0));
      return aliases > MAX_ALIASES && aliases !== Infinity ? requestError('MAX_ALIASES_EXCEEDED', `The query uses more than ${MAX_ALIASES} aliases.`) : null;
    }),
    perOperation((operation, context) => {
      const directives = directivesOf(operation, fragments(context), MAX_SELECTIONS);
      return directives > MAX_DIRECTIVES && directives !== Infinity
        ? requestError('MAX_DIRECTIVES_EXCEEDED', `The query uses more than ${MAX_DIRECTIVES} directives.`)
        : null;
    }),
  ];
}

/**
 * The requested cost: every object a field can return counts 1, a list counts its size times the
 * cost of one item; page sizes come from first/last (or the field's default), other lists from
 * LIST_SIZES. Page sizes outside their bounds are refused here, before any resolver runs.
 */
export function requestedCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Fragments,
  variables: Record<string, unknown>,
  /** List sizes read from the data before execution (dataSizes in cost.ts), by field node. */
  sizes: ReadonlyMap<FieldNode, number> = new Map(),
): number {
  const root = schema.getRootType(operation.operation);
  if (!root) return 0;
  const budget = { left: MAX_SELECTIONS };
  const costOf = (set: SelectionSetNode, parent: GraphQLObjectType, pageSize: number | null): number => {
    let total = 0;
    for (const node of fieldsOf(set, fragments, budget)) {
      if (node.name.value.startsWith('__')) {
        total += node.selectionSet ? 1 : 0;
        continue;
      }
      const field: GraphQLField<unknown, unknown> | undefined = parent.getFields()[node.name.value];
      if (!field) continue;
      const named = getNamedType(field.type);
      if (isLeafType(named) || !node.selectionSet || VALUE_TYPES.has(named.name)) continue;
      const key = `${parent.name}.${field.name}`;
      const args = getArgumentValues(field, node, variables);
      const page = PAGE_LIMITS[key];
      let size: number | null = sizes.get(node) ?? null;
      if (size !== null) {
        // A list whose real size was counted (anomalies: the window's days do not bound it).
      } else if (page) {
        for (const name of ['first', 'last'] as const) {
          const value = args[name];
          if (value === undefined || value === null) continue;
          if (typeof value !== 'number' || value < page.min || value > page.max) {
            throw requestError('PAGE_SIZE_EXCEEDED', `${name} on ${key} must be between ${page.min} and ${page.max}.`, name);
          }
          size = value;
        }
        size ??= page.default;
      } else if (key === 'Query.profitReport') {
        // Its buckets are a list sized by the range and interval: cost proportional to the buckets.
        size = reportBuckets(args);
      } else if (typeof args.days === 'number') {
        size = Math.min(Math.max(args.days, 1), 365);
      }
      const list = isListType(getNullableType(field.type));
      // A list sized by its own argument (recentOrders(first)), by its parent's (edges, nodes), or estimated.
      const multiplier = !list ? 1 : page ? size! : PAGED_CHILDREN.has(field.name) && pageSize !== null ? pageSize : (LIST_SIZES[key] ?? 10);
      const targets = isObjectType(named) ? [named] : isAbstractType(named) ? schema.getPossibleTypes(named) : [];
      const child = Math.max(0, ...targets.map((t) => costOf(node.selectionSet!, t, size)));
      total += multiplier * (1 + child);
    }
    return total;
  };
  return costOf(operation.selectionSet, root, null);
}

export { fragmentsOf };
