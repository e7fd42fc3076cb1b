// The public benchmarks module's public surface.
export * from './service.ts';
