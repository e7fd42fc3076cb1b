// The Changelog document (rest-api-v1.md: total, latest_date, items newest first, _meta with
// canonical and rss URLs) and the same entries as an RSS 2.0 feed.
import { API_VERSION, date } from './common.ts';
import { LICENSE } from '../public-route.ts';

export interface ChangelogItem {
  slug: string;
  date: Date;
  tag: string;
  title: string;
  body: string;
  bullets: string[];
}

export interface ChangelogLinks {
  canonical: string;
  rss: string;
}

export function serializeChangelog(items: ChangelogItem[], latestDate: Date | null, links: ChangelogLinks, now = new Date()) {
  return {
    total: items.length,
    latest_date: latestDate ? date(latestDate) : null,
    items: items.map((i) => ({ date: date(i.date), tag: i.tag, title: i.title, body: i.body, bullets: i.bullets })),
    _meta: { api_version: API_VERSION, generated_at: now.toISOString(), canonical: links.canonical, rss: links.rss, license: LICENSE },
  };
}

const xml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export function changelogRss(items: ChangelogItem[], links: ChangelogLinks, now = new Date()): string {
  const entries = items.map((i) => {
    const html = `<p>${xml(i.body)}</p>${i.bullets.length ? `<ul>${i.bullets.map((b) => `<li>${xml(b)}</li>`).join('')}</ul>` : ''}`;
    return [
      '    <item>',
      `      <title>${xml(`${i.tag}: ${i.title}`)}</title>`,
      `      <link>${xml(`${links.canonical}#${i.slug}`)}</link>`,
      `      <guid isPermaLink="false">${xml(i.slug)}</guid>`,
      `      <pubDate>${i.date.toUTCString()}</pubDate>`,
      `      <category>${xml(i.tag)}</category>`,
      `      <description>${xml(html)}</description>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    '    <title>Commerce Analytics Service changelog</title>',
    `    <link>${xml(links.canonical)}</link>`,
    `    <atom:link href="${xml(links.rss)}" rel="self" type="application/rss+xml"/>`,
    '    <description>Changes to the Commerce Analytics Service API, newest first.</description>',
    '    <language>en</language>',
    `    <copyright>${LICENSE}; attribution to Commerce Analytics Service</copyright>`,
    `    <lastBuildDate>${now.toUTCString()}</lastBuildDate>`,
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
