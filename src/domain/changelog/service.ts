// The changelog: ChangelogEntry rows, kept equal to content/changelog.json (the repository is the
// source; the table is synced from it once per process, before the first read), newest first.
import type { PrismaClient } from '../../db/client.ts';
import { contentFiles } from '../content/files.ts';
import { changelogRepo } from './repo.ts';

export function changelogService(prisma: PrismaClient) {
  const repo = changelogRepo(prisma);
  let synced: Promise<void> | null = null;
  const sync = () => {
    synced ??= repo.replaceAll(contentFiles.changelog()).catch((error: unknown) => {
      synced = null;
      throw error;
    });
    return synced;
  };
  return {
    sync,
    async list() {
      await sync();
      // Entries of one day keep the file's order (the file lists newest first).
      const position = new Map(contentFiles.changelog().map((e, i) => [e.slug, i]));
      const items = (await repo.list()).sort((a, b) => b.date.getTime() - a.date.getTime() || (position.get(a.slug) ?? 0) - (position.get(b.slug) ?? 0));
      return { items, latestDate: items[0]?.date ?? null };
    },
  };
}

export type ChangelogService = ReturnType<typeof changelogService>;
