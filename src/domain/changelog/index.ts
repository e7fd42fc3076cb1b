// The changelog module's public surface.
export { changelogService, type ChangelogService } from './service.ts';
