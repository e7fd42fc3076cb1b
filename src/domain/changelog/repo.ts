// The only Prisma access for the changelog (global, not account data).
import type { PrismaClient } from '../../db/client.ts';
import type { ChangelogFileEntry } from '../content/files.ts';

const day = (date: string) => new Date(`${date}T00:00:00Z`);

export function changelogRepo(prisma: PrismaClient) {
  return {
    /** Makes the table equal to the file's entries (by slug), in one transaction. */
    async replaceAll(entries: ChangelogFileEntry[]): Promise<void> {
      await prisma.$transaction([
        prisma.changelogEntry.deleteMany({ where: { slug: { notIn: entries.map((e) => e.slug) } } }),
        ...entries.map((e) => {
          const data = { date: day(e.date), tag: e.tag, title: e.title, body: e.body, bullets: e.bullets };
          return prisma.changelogEntry.upsert({ where: { slug: e.slug }, create: { slug: e.slug, ...data }, update: data });
        }),
      ]);
    },
    list() {
      return prisma.changelogEntry.findMany({
        orderBy: [{ date: 'desc' }, { id: 'asc' }],
        select: { slug: true, date: true, tag: true, title: true, body: true, bullets: true },
      });
    },
  };
}
