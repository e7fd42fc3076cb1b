// The changelog module's public surface.
export * from './service.ts';
