/**
 * Writes the demo artwork into public/ (Vite copies it into dist, served under /new/), e-book covers
 * (demo/ebooks) and advisor avatars (demo/advisors) included:
 *   public/demo/covers/<course key>.svg, public/demo/teachers/<teacher key>.svg,
 *   public/demo/banners/<ad image>, public/avatars/{male,female,unknown}.svg.
 * Run after changing courses, teachers or ads, and commit the output:
 *   npx tsx server/db/seed/generate-assets.ts
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adDefs } from './ads';
import { courseDefs } from './courses';
import { advisorAvatarUrl, advisorDefs, ebookCoverUrl, ebookDefs } from './ebooks';
import { bannerSvg, coverSvg, defaultAvatarSvg, teacherAvatarSvg } from './svg';
import { teacherDefs } from './teachers';

const publicDir = fileURLToPath(new URL('../../../public/', import.meta.url));

/** Writes the files of one folder and removes stale SVGs the data no longer names. */
function writeFolder(folder: string, files: Map<string, string>): void {
  const dir = path.join(publicDir, folder);
  mkdirSync(dir, { recursive: true });
  for (const name of readdirSync(dir)) if (name.endsWith('.svg') && !files.has(name)) rmSync(path.join(dir, name));
  for (const [name, content] of files) writeFileSync(path.join(dir, name), content);
  console.log(`${folder}: ${files.size} files`);
}

writeFolder(
  'demo/covers',
  new Map(courseDefs.map((c) => [`${c.key}.svg`, coverSvg({ title: c.title, subtitle: c.subtitle, type: c.type, colors: c.colors })])),
);
writeFolder('demo/teachers', new Map(teacherDefs.map((t) => [`${t.key}.svg`, teacherAvatarSvg(t.name, t.color)])));
writeFolder(
  'demo/banners',
  new Map(adDefs.map((ad) => [ad.image, bannerSvg({ ...ad, ...(ad.slot === 'PC_LOGIN_BG' ? {} : { cta: ad.course ? '立即查看 →' : '去刷题 →' }) })])),
);
writeFolder(
  'demo/ebooks',
  new Map(
    ebookDefs.map((e, i) => [
      path.basename(ebookCoverUrl(i)),
      coverSvg({ title: e.title, subtitle: `${e.author} 编著 · 共${e.pageCount}页`, type: 'SYS', badge: '电子书', colors: e.colors }),
    ]),
  ),
);
writeFolder('demo/advisors', new Map(advisorDefs.map((a) => [path.basename(advisorAvatarUrl(a)), teacherAvatarSvg(a.name, a.color)])));
writeFolder('avatars', new Map((['male', 'female', 'unknown'] as const).map((k) => [`${k}.svg`, defaultAvatarSvg(k)])));
