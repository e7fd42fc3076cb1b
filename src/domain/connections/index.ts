// Connector plumbing's public surface: OAuth states, sealed upstream tokens, the webhook inbox, the
// upstream inventory items' SKUs and stock per location.
export {
  connectionsService,
  RefreshRefused,
  NoStoredToken,
  OAUTH_STATE_TTL_MS,
  REFRESH_MARGIN_MS,
  INBOX_MAX_ATTEMPTS,
  inboxBackoffMs,
  type ConnectionsService,
  type InboxError,
  type UpstreamTokens,
} from './service.ts';
export type { InboxDelivery, ConnectedIntegration } from './rows.ts';
export { connectorStock, type ConnectorStock, type LocationStock } from './stock.ts';
