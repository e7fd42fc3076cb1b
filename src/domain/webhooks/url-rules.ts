// Two shape rules of webhook URLs beside the address policy (url-safety.ts), applied at
// registration and at every dispatch:
// - the host name keeps to DNS limits: at most 253 characters, labels of at most 63;
// - the port is 443 (the default) or an unprivileged port (1024 or above) that is not a
//   well-known database, cache, queue or cluster-control port: a webhook must never be a way to
//   talk to a service that trusts its network (docs/webhooks.md lists them).
import { AppError } from '../../errors.ts';

export const MAX_HOST_LENGTH = 253;
export const MAX_LABEL_LENGTH = 63;

/** Ports of 1024 and above refused: databases, caches, queues, search and cluster control planes. */
export const BLOCKED_PORTS: ReadonlySet<number> = new Set([
  1433, // SQL Server
  1521, // Oracle
  2375, // Docker API
  2376, // Docker API (TLS)
  2379, // etcd client
  2380, // etcd peer
  3306, // MySQL, MariaDB
  4369, // Erlang port mapper (RabbitMQ)
  5432, // PostgreSQL
  5672, // AMQP (RabbitMQ)
  5984, // CouchDB
  6379, // Redis
  6380, // Redis (TLS)
  6443, // Kubernetes API
  7000, // Cassandra
  7001, // Cassandra (TLS)
  8086, // InfluxDB
  8500, // Consul
  9042, // Cassandra CQL
  9092, // Kafka
  9200, // Elasticsearch, OpenSearch
  9300, // Elasticsearch transport
  10250, // kubelet
  11211, // memcached
  15672, // RabbitMQ management
  26379, // Redis Sentinel
  27017, // MongoDB
  27018, // MongoDB
  27019, // MongoDB
  28015, // RethinkDB
]);

/** Whether a URL's port may receive webhooks ('' is the scheme's default, 443 for https). */
export function isAllowedPort(port: string): boolean {
  if (port === '' || port === '443') return true;
  const n = Number(port);
  return Number.isInteger(n) && n >= 1024 && n <= 65535 && !BLOCKED_PORTS.has(n);
}

/** The port and DNS-limit rules; `host` is the normalized host name (no trailing dot). */
export function checkPortAndName(url: URL, host: string): void {
  if (!isAllowedPort(url.port)) {
    throw new AppError('unsafe_url', 'url port must be 443 or 1024 and above, and not a database or cache port', { param: 'url' });
  }
  if (host.startsWith('[')) return;
  if (host.length > MAX_HOST_LENGTH || host.split('.').some((label) => label.length > MAX_LABEL_LENGTH)) {
    throw new AppError('invalid_url', `url host must be at most ${MAX_HOST_LENGTH} characters with labels of at most ${MAX_LABEL_LENGTH}`, { param: 'url' });
  }
}
