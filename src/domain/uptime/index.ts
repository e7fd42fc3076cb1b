// The uptime module's public surface.
export * from './service.ts';
