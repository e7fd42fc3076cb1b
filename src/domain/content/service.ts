// Public content read from the repository's content/ files: blog posts (newest first), the
// supported integrations with their status, and published reports (newest first).
import { contentFiles } from './files.ts';

const newestFirst = <T extends { published_at: string; slug: string }>(items: T[]) =>
  [...items].sort((a, b) => b.published_at.localeCompare(a.published_at) || a.slug.localeCompare(b.slug));

export function contentService() {
  return {
    blog: () => newestFirst(contentFiles.blog()),
    integrations: () => contentFiles.integrations(),
    reports: () => newestFirst(contentFiles.reports()),
  };
}
