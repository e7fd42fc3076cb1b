// The track module's public surface: first-party event tracking and geo lookup.
export * from './service.ts';
export * from './geo.ts';
