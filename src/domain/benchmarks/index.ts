// The public benchmarks module's public surface.
export { benchmarksService, type BenchmarksService, MIN_BUCKET } from './service.ts';
