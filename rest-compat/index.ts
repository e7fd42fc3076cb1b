// The /api/v1 compatibility layer: routes that parse, call one domain service and serialize.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../src/services.ts';
import { statusRoutes } from './routes/status.ts';

export async function restCompat(app: FastifyInstance, services: Services): Promise<void> {
  statusRoutes(app, services.status);
}
