// The content module's public surface: files served as public content, and the site links.
export * from './service.ts';
export * from './site.ts';
export type { ChangelogFileEntry, BlogPost, IntegrationInfo, Report } from './files.ts';
