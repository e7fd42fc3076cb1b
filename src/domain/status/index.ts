// The status module's public surface.
export * from './service.ts';
