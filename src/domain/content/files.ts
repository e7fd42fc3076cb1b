// Public content kept in the repository as data (content/*.json), read once and validated: a
// malformed file fails loudly at first use instead of serving half a document.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from '../../paths.ts';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ChangelogFileEntry = z.object({
  slug: z.string().min(1),
  date,
  tag: z.enum(['Launch', 'Feature', 'Improvement', 'Fix']),
  title: z.string().min(1),
  body: z.string(),
  bullets: z.array(z.string()),
});
export type ChangelogFileEntry = z.infer<typeof ChangelogFileEntry>;

const BlogPost = z.object({ slug: z.string().min(1), title: z.string(), published_at: date, author: z.string(), summary: z.string(), body: z.string(), tags: z.array(z.string()) });
const IntegrationInfo = z.object({
  id: z.string().min(1),
  name: z.string(),
  category: z.enum(['storefront', 'marketplace', 'advertising', 'payments']),
  status: z.enum(['available', 'beta', 'planned']),
  data: z.array(z.string()),
  docs: z.string(),
});
const Report = z.object({ slug: z.string().min(1), title: z.string(), published_at: date, summary: z.string(), sections: z.array(z.object({ heading: z.string(), body: z.string() })) });

export type BlogPost = z.infer<typeof BlogPost>;
export type IntegrationInfo = z.infer<typeof IntegrationInfo>;
export type Report = z.infer<typeof Report>;

function loader<T>(file: string, item: z.ZodType<T>): () => T[] {
  let cached: T[] | null = null;
  return () => (cached ??= z.array(item).parse(JSON.parse(readFileSync(path.join(projectRoot, 'content', file), 'utf8'))));
}

export const contentFiles = {
  changelog: loader('changelog.json', ChangelogFileEntry),
  blog: loader('blog.json', BlogPost),
  integrations: loader('integrations.json', IntegrationInfo),
  reports: loader('reports.json', Report),
};
