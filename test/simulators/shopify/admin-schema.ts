// The Admin GraphQL subset the simulator executes: the fields the connector uses, with Shopify's
// own names and types (checked against the 2025-01 schema). When Shopify's published schema is
// present (/work/shared/shopify-admin-schema, an introspection result, never copied into the
// repository) every query is also validated against it, as Shopify would; without it (a CI clone),
// against this subset only.
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

export const REAL_SCHEMA_PATH = process.env.SHOPIFY_ADMIN_SCHEMA ?? '/work/shared/shopify-admin-schema/admin_schema_2025-01.json.gz';

let real: GraphQLSchema | null | undefined;
/** Shopify's published Admin schema, or null when the file is absent. */
export function realAdminSchema(): GraphQLSchema | null {
  if (real !== undefined) return real;
  if (!existsSync(REAL_SCHEMA_PATH)) return (real = null);
  const json = JSON.parse(gunzipSync(readFileSync(REAL_SCHEMA_PATH)).toString('utf8')) as { data?: IntrospectionQuery } & IntrospectionQuery;
  return (real = buildClientSchema(json.data ?? json));
}

export const ADMIN_SDL = /* GraphQL */ `
  scalar DateTime
  scalar Decimal
  scalar Money
  scalar URL
  scalar UnsignedInt64

  interface Node {
    id: ID!
  }
  enum CurrencyCode {
    USD
    EUR
  }
  enum CountryCode {
    DE
    FR
    US
  }
  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }
  type MoneyBag {
    shopMoney: MoneyV2!
    presentmentMoney: MoneyV2!
  }
  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }
  type MailingAddress {
    city: String
    countryCodeV2: CountryCode
  }
  type Customer implements Node {
    id: ID!
    email: String
    firstName: String
    lastName: String
    phone: String
    createdAt: DateTime!
    updatedAt: DateTime!
    defaultAddress: MailingAddress
  }
  type CustomerEdge {
    cursor: String!
    node: Customer!
  }
  type CustomerConnection {
    edges: [CustomerEdge!]!
    nodes: [Customer!]!
    pageInfo: PageInfo!
  }
  type LineItem implements Node {
    id: ID!
    sku: String
    variant: ProductVariant
    name: String!
    quantity: Int!
    refundableQuantity: Int!
    originalUnitPriceSet: MoneyBag!
  }
  type LineItemEdge {
    cursor: String!
    node: LineItem!
  }
  type LineItemConnection {
    edges: [LineItemEdge!]!
    nodes: [LineItem!]!
    pageInfo: PageInfo!
  }
  type Refund implements Node {
    id: ID!
    createdAt: DateTime
    updatedAt: DateTime!
    totalRefundedSet: MoneyBag!
    refundLineItems(first: Int, after: String): RefundLineItemConnection!
  }
  enum RefundLineItemRestockType {
    RETURN
    CANCEL
    LEGACY_RESTOCK
    NO_RESTOCK
  }
  type RefundLineItem {
    id: ID
    quantity: Int!
    restockType: RefundLineItemRestockType!
    subtotalSet: MoneyBag!
    totalTaxSet: MoneyBag!
    lineItem: LineItem!
  }
  type RefundLineItemEdge {
    cursor: String!
    node: RefundLineItem!
  }
  type RefundLineItemConnection {
    edges: [RefundLineItemEdge!]!
    nodes: [RefundLineItem!]!
    pageInfo: PageInfo!
  }
  enum OrderTransactionKind {
    SALE
    CAPTURE
    AUTHORIZATION
    VOID
    REFUND
    CHANGE
    EMV_AUTHORIZATION
    SUGGESTED_REFUND
  }
  enum OrderTransactionStatus {
    SUCCESS
    FAILURE
    PENDING
    ERROR
    AWAITING_RESPONSE
    UNKNOWN
  }
  type TransactionFee implements Node {
    id: ID!
    amount: MoneyV2!
  }
  type OrderTransaction implements Node {
    id: ID!
    kind: OrderTransactionKind!
    status: OrderTransactionStatus!
    processedAt: DateTime
    amountSet: MoneyBag!
    fees: [TransactionFee!]!
  }
  type Order implements Node {
    id: ID!
    name: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    test: Boolean!
    currencyCode: CurrencyCode!
    presentmentCurrencyCode: CurrencyCode!
    subtotalPriceSet: MoneyBag
    totalPriceSet: MoneyBag!
    totalDiscountsSet: MoneyBag
    totalShippingPriceSet: MoneyBag!
    totalTaxSet: MoneyBag
    customer: Customer
    lineItems(first: Int, after: String): LineItemConnection!
    refunds(first: Int): [Refund!]!
    transactions(first: Int): [OrderTransaction!]!
  }
  type OrderEdge {
    cursor: String!
    node: Order!
  }
  type OrderConnection {
    edges: [OrderEdge!]!
    nodes: [Order!]!
    pageInfo: PageInfo!
  }
  enum OrderSortKeys {
    UPDATED_AT
    CREATED_AT
    PROCESSED_AT
    ID
  }
  type InventoryItem implements Node {
    id: ID!
    unitCost: MoneyV2
    inventoryLevels(first: Int, after: String): InventoryLevelConnection!
  }
  type Location implements Node {
    id: ID!
  }
  type InventoryQuantity {
    name: String!
    quantity: Int!
  }
  type InventoryLevel implements Node {
    id: ID!
    location: Location!
    quantities(names: [String!]!): [InventoryQuantity!]!
    updatedAt: DateTime!
  }
  type InventoryLevelEdge {
    cursor: String!
    node: InventoryLevel!
  }
  type InventoryLevelConnection {
    edges: [InventoryLevelEdge!]!
    nodes: [InventoryLevel!]!
    pageInfo: PageInfo!
  }
  type Product implements Node {
    id: ID!
    title: String!
    updatedAt: DateTime!
    variants(first: Int, after: String): ProductVariantConnection!
  }
  type ProductEdge {
    cursor: String!
    node: Product!
  }
  type ProductConnection {
    edges: [ProductEdge!]!
    nodes: [Product!]!
    pageInfo: PageInfo!
  }
  type ProductVariant implements Node {
    id: ID!
    sku: String
    title: String!
    price: Money!
    inventoryQuantity: Int
    updatedAt: DateTime!
    inventoryItem: InventoryItem!
    product: Product!
  }
  type ProductVariantEdge {
    cursor: String!
    node: ProductVariant!
  }
  type ProductVariantConnection {
    edges: [ProductVariantEdge!]!
    nodes: [ProductVariant!]!
    pageInfo: PageInfo!
  }
  enum BulkOperationStatus {
    CANCELED
    CANCELING
    COMPLETED
    CREATED
    EXPIRED
    FAILED
    RUNNING
  }
  enum BulkOperationErrorCode {
    ACCESS_DENIED
    INTERNAL_SERVER_ERROR
    TIMEOUT
  }
  enum BulkOperationType {
    QUERY
    MUTATION
  }
  type BulkOperation implements Node {
    id: ID!
    status: BulkOperationStatus!
    errorCode: BulkOperationErrorCode
    objectCount: UnsignedInt64!
    fileSize: UnsignedInt64
    url: URL
    partialDataUrl: URL
    query: String!
    createdAt: DateTime!
    completedAt: DateTime
  }
  enum BulkOperationUserErrorCode {
    OPERATION_IN_PROGRESS
    INVALID
  }
  type BulkOperationUserError {
    code: BulkOperationUserErrorCode
    field: [String!]
    message: String!
  }
  type BulkOperationRunQueryPayload {
    bulkOperation: BulkOperation
    userErrors: [BulkOperationUserError!]!
  }
  enum WebhookSubscriptionTopic {
    ORDERS_CREATE
    ORDERS_UPDATED
    ORDERS_CANCELLED
    REFUNDS_CREATE
    CUSTOMERS_CREATE
    CUSTOMERS_UPDATE
    PRODUCTS_UPDATE
    INVENTORY_LEVELS_UPDATE
    APP_UNINSTALLED
    BULK_OPERATIONS_FINISH
  }
  enum WebhookSubscriptionFormat {
    JSON
    XML
  }
  type WebhookSubscription implements Node {
    id: ID!
    topic: WebhookSubscriptionTopic!
    callbackUrl: URL!
    format: WebhookSubscriptionFormat!
  }
  type WebhookSubscriptionEdge {
    cursor: String!
    node: WebhookSubscription!
  }
  type WebhookSubscriptionConnection {
    edges: [WebhookSubscriptionEdge!]!
    nodes: [WebhookSubscription!]!
    pageInfo: PageInfo!
  }
  input WebhookSubscriptionInput {
    callbackUrl: URL
    format: WebhookSubscriptionFormat
  }
  type UserError {
    field: [String!]
    message: String!
  }
  type WebhookSubscriptionCreatePayload {
    userErrors: [UserError!]!
    webhookSubscription: WebhookSubscription
  }
  type QueryRoot {
    orders(first: Int, after: String, reverse: Boolean, sortKey: OrderSortKeys, query: String): OrderConnection!
    order(id: ID!): Order
    customers(first: Int, after: String, query: String): CustomerConnection!
    products(first: Int, after: String, query: String): ProductConnection!
    currentBulkOperation(type: BulkOperationType): BulkOperation
    node(id: ID!): Node
    webhookSubscriptions(first: Int, after: String, topics: [WebhookSubscriptionTopic!]): WebhookSubscriptionConnection!
  }
  type Mutation {
    bulkOperationRunQuery(query: String!): BulkOperationRunQueryPayload
    webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload
  }
  schema {
    query: QueryRoot
    mutation: Mutation
  }
`;
