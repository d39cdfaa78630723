/** SVG templates of the demo artwork: course covers, teacher avatars, ad banners and default avatars. */
import { COURSE_TYPE_LABELS, type CourseType } from '../../../src/domain/catalog/contract';

const FONT = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif";

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Width of a character in ems: CJK and full-width punctuation 1, ASCII about 0.56. */
const charWidth = (ch: string): number => (ch.charCodeAt(0) < 0x2e80 ? 0.56 : 1);
const CLOSING = new Set(['》', '）', '，', '。', '、', '：', '；', '！', '？', ')']);
const widthOf = (text: string): number => Array.from(text).reduce((acc, ch) => acc + charWidth(ch), 0);

/**
 * Splits text into tokens that should stay on one line: 《…》 and （…） groups, ASCII runs, single CJK
 * characters; closing punctuation sticks to the token before it.
 */
function tokenize(text: string): string[] {
  const tokens = text.match(/《[^》]*》|（[^）]*）|[\x21-\x7e]+|\s+|./gu) ?? [];
  const out: string[] = [];
  for (const token of tokens) {
    if (out.length > 0 && CLOSING.has(Array.from(token)[0] ?? '')) out[out.length - 1] += token;
    else out.push(token);
  }
  return out;
}

/** Greedy line wrapping by em width, breaking between tokens; over-long tokens are split by character. */
export function wrapText(text: string, maxEms: number): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (): void => {
    if (line.trim()) lines.push(line.trim());
    line = '';
  };
  for (const token of tokenize(text)) {
    if (widthOf(line + token) <= maxEms) {
      line += token;
    } else if (widthOf(token) <= maxEms) {
      push();
      line = token;
    } else {
      for (const ch of Array.from(token)) {
        if (widthOf(line + ch) > maxEms) push();
        line += ch;
      }
    }
  }
  push();
  return lines;
}

function gradient(id: string, [from, to]: [string, string], diagonal = true): string {
  const end = diagonal ? 'x2="1" y2="1"' : 'x2="1" y2="0"';
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function textLines(lines: string[], x: number, y: number, size: number, lineHeight: number, attrs: string): string {
  return lines.map((l, i) => `<text x="${x}" y="${y + i * lineHeight}" font-size="${size}" ${attrs}>${escapeXml(l)}</text>`).join('');
}

/** 480×270 course cover: gradient, type badge (or `badge`, e.g. 电子书), wrapped title, subtitle, brand. */
export function coverSvg(opts: { title: string; subtitle: string; type: CourseType; colors: [string, string]; badge?: string }): string {
  const { title, subtitle, type, colors } = opts;
  let size = 30;
  let lines = wrapText(title, 408 / size);
  while (lines.length > 3 && size > 20) {
    size -= 2;
    lines = wrapText(title, 408 / size);
  }
  const lineHeight = Math.round(size * 1.32);
  // Title lines plus the subtitle, centred between the badge and the brand line.
  const firstBaseline = Math.round(148 - (lines.length * lineHeight + 28) / 2 + size * 0.85);
  const subBaseline = firstBaseline + (lines.length - 1) * lineHeight + 34;
  const label = opts.badge ?? COURSE_TYPE_LABELS[type];
  const sub = wrapText(subtitle, 408 / 15)[0] ?? '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270" role="img" aria-label="${escapeXml(title)}">
<defs>${gradient('bg', colors)}</defs>
<rect width="480" height="270" fill="url(#bg)"/>
<circle cx="430" cy="40" r="110" fill="#fff" opacity="0.08"/>
<circle cx="470" cy="250" r="70" fill="#fff" opacity="0.06"/>
<path d="M0 230 Q120 200 240 232 T480 222 V270 H0 Z" fill="#000" opacity="0.12"/>
<rect x="36" y="30" width="${label.length * 15 + 22}" height="26" rx="13" fill="#fff" opacity="0.22"/>
<text x="47" y="48" font-size="15" font-family="${FONT}" fill="#fff" font-weight="600">${label}</text>
${textLines(lines, 36, firstBaseline, size, lineHeight, `font-family="${FONT}" fill="#fff" font-weight="700"`)}
<text x="36" y="${subBaseline}" font-size="15" font-family="${FONT}" fill="#fff" opacity="0.85">${escapeXml(sub)}</text>
<text x="36" y="254" font-size="13" font-family="${FONT}" fill="#fff" opacity="0.75" letter-spacing="2">学途网校</text>
</svg>
`;
}

/** 200×200 teacher avatar: the family-name character on a coloured circle. */
export function teacherAvatarSvg(name: string, color: string): string {
  const initial = Array.from(name)[0] ?? '师';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${color}" stop-opacity="0.85"/><stop offset="1" stop-color="${color}"/></linearGradient></defs>
<circle cx="100" cy="100" r="100" fill="url(#g)"/>
<circle cx="100" cy="100" r="86" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="3"/>
<text x="100" y="100" dy="0.35em" text-anchor="middle" font-size="92" font-weight="700" font-family="${FONT}" fill="#fff">${escapeXml(initial)}</text>
</svg>
`;
}

/** A stylised graduation cap, drawn around (0,0) at unit scale ~100px. */
const CAP =
  '<path d="M0 -40 L100 0 L0 40 L-100 0 Z" fill="#fff" opacity="0.9"/><path d="M-60 20 V60 Q0 95 60 60 V20 L0 44 Z" fill="#fff" opacity="0.7"/><path d="M80 8 V62" stroke="#fff" stroke-width="6" opacity="0.8"/><circle cx="80" cy="68" r="9" fill="#fff" opacity="0.8"/>';

/** Ad artwork in any size: gradient, headline, sub-line, decorations scaled to the canvas. */
export function bannerSvg(opts: { headline: string; subline: string; colors: [string, string]; width: number; height: number; cta?: string }): string {
  const { headline, subline, colors, width: w, height: h } = opts;
  const wide = w / h >= 2.5;
  const strip = w / h >= 5;
  const head = strip ? Math.round(h * 0.26) : wide ? Math.round(h * 0.13) : Math.round(Math.min(w / 11, h * 0.14));
  const subSize = Math.round(head * 0.46);
  const x = Math.round(w * (strip ? 0.05 : 0.07));
  const headLines = wrapText(headline, (w * (wide ? 0.6 : 0.85)) / head);
  const subLines = wrapText(subline, (w * (wide ? 0.6 : 0.85)) / subSize);
  const blockHeight = headLines.length * head * 1.25 + subLines.length * subSize * 1.5 + (opts.cta && !strip ? head * 1.4 : 0);
  let y = h / 2 - blockHeight / 2 + head * 0.9;
  const parts: string[] = [];
  parts.push(textLines(headLines, x, y, head, head * 1.25, `font-family="${FONT}" fill="#fff" font-weight="800"`));
  y += (headLines.length - 1) * head * 1.25 + subSize * 1.7;
  parts.push(textLines(subLines, x, y, subSize, subSize * 1.5, `font-family="${FONT}" fill="#fff" opacity="0.88"`));
  y += (subLines.length - 1) * subSize * 1.5;
  if (opts.cta) {
    const bw = Math.round(subSize * (opts.cta.length * 1 + 2.4));
    const bh = Math.round(subSize * 2);
    const bx = strip ? w - x - bw : x;
    const by = strip ? Math.round(h / 2 - bh / 2) : Math.round(y + subSize * 1.2);
    parts.push(`<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" rx="${bh / 2}" fill="#fff"/>`);
    parts.push(
      `<text x="${bx + bw / 2}" y="${by + bh / 2}" dy="0.35em" text-anchor="middle" font-size="${subSize}" font-weight="700" font-family="${FONT}" fill="${colors[0]}">${escapeXml(opts.cta)}</text>`,
    );
  }
  const r = Math.max(w, h);
  const capScale = (h / 400) * (wide ? 1.3 : 0.9);
  const deco = [
    `<circle cx="${w * 0.86}" cy="${h * 0.2}" r="${r * 0.22}" fill="#fff" opacity="0.07"/>`,
    `<circle cx="${w * 0.98}" cy="${h * 0.95}" r="${r * 0.16}" fill="#fff" opacity="0.06"/>`,
    `<circle cx="${w * 0.62}" cy="${h * 1.05}" r="${r * 0.09}" fill="#fff" opacity="0.05"/>`,
    ...Array.from(
      { length: 6 },
      (_, i) =>
        `<rect x="${w * 0.7 + i * 14 * (h / 400)}" y="${-h * 0.1}" width="${5 * (h / 400)}" height="${h * 1.2}" fill="#fff" opacity="0.04" transform="rotate(20 ${w * 0.7} ${h / 2})"/>`,
    ),
  ];
  if (wide && !strip) deco.push(`<g transform="translate(${w * 0.8} ${h * 0.5}) scale(${capScale})">${CAP}</g>`);
  if (!strip)
    deco.push(
      `<text x="${x}" y="${Math.round(h * 0.12 + subSize * 0.5)}" font-size="${Math.max(12, Math.round(subSize * 0.7))}" font-family="${FONT}" fill="#fff" opacity="0.7" letter-spacing="3">学途网校 · XUETU</text>`,
    );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(headline)}">
<defs>${gradient('bg', colors)}</defs>
<rect width="${w}" height="${h}" fill="url(#bg)"/>
${deco.join('\n')}
${parts.join('\n')}
</svg>
`;
}

/** Default avatar by gender: a silhouette on a soft circle. */
export function defaultAvatarSvg(kind: 'male' | 'female' | 'unknown'): string {
  const palette = { male: ['#dbeafe', '#3b82f6'], female: ['#fce7f3', '#ec4899'], unknown: ['#e5e7eb', '#9ca3af'] }[kind];
  const hair =
    kind === 'female'
      ? '<path d="M58 88 Q56 42 100 40 Q144 42 142 88 Q146 118 132 128 L132 92 Q120 70 100 66 Q80 70 68 92 L68 128 Q54 118 58 88 Z" fill="#fff" opacity="0.95"/>'
      : kind === 'male'
        ? '<path d="M66 78 Q66 44 100 42 Q134 44 134 78 Q122 62 100 62 Q78 62 66 78 Z" fill="#fff" opacity="0.95"/>'
        : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200" role="img" aria-label="avatar">
<circle cx="100" cy="100" r="100" fill="${palette[0]}"/>
<clipPath id="c"><circle cx="100" cy="100" r="100"/></clipPath>
<g clip-path="url(#c)" fill="${palette[1]}">
<circle cx="100" cy="84" r="34"/>
<path d="M34 200 Q34 132 100 132 Q166 132 166 200 Z"/>
</g>
${hair.replace('fill="#fff"', `fill="${palette[1]}"`).replace('opacity="0.95"', 'opacity="0.55"')}
</svg>
`;
}
