// The uptime module's public surface.
export { uptimeService, type UptimeService } from './service.ts';
