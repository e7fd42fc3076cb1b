// The content module's public surface: files served as public content, and the site links.
export { contentService } from './service.ts';
export { siteService } from './site.ts';
export type { ChangelogFileEntry, BlogPost, IntegrationInfo, Report } from './files.ts';
