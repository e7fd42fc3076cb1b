// The incidents module's public surface.
export * from './service.ts';
