// Connector plumbing's public surface: OAuth states, sealed upstream tokens, the webhook inbox.
export {
  connectionsService,
  RefreshRefused,
  NoStoredToken,
  OAUTH_STATE_TTL_MS,
  REFRESH_MARGIN_MS,
  INBOX_MAX_ATTEMPTS,
  inboxBackoffMs,
  type ConnectionsService,
  type UpstreamTokens,
  type InboxDelivery,
  type ConnectedIntegration,
} from './service.ts';
