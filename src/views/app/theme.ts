import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

/** 学途 teal-blue brand ramp (10 = darkest … 160 = lightest). */
const brand: BrandVariants = {
  10: '#020305',
  20: '#0d1a24',
  30: '#102a3c',
  40: '#11374f',
  50: '#114563',
  60: '#0f5378',
  70: '#0b628e',
  80: '#0671a4',
  90: '#1f80b4',
  100: '#3a8fbe',
  110: '#529ec8',
  120: '#69add2',
  130: '#80bcdb',
  140: '#98cbe5',
  150: '#b0daee',
  160: '#c9e8f7',
};

// Fluent's default fonts carry no Chinese glyphs: Latin fonts first, then the CJK families.
const FONT_FAMILY =
  "'Segoe UI', -apple-system, BlinkMacSystemFont, Roboto, 'Helvetica Neue', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Source Han Sans SC', sans-serif";

export const xuetuTheme: Theme = { ...createLightTheme(brand), fontFamilyBase: FONT_FAMILY };

/**
 * The theme as static CSS custom properties on :root, so the shell and plain pages are themed
 * without loading Fluent's JS; `npm run theme` writes it to theme.css (a test checks it is current).
 */
export function themeToCss(theme: Theme): string {
  const vars = Object.keys(theme)
    .sort()
    .map((key) => `  --${key}: ${String(theme[key as keyof Theme])};`)
    .join('\n');
  return `/* Generated from src/views/app/theme.ts by \`npm run theme\`. Do not edit. */\n:root {\n${vars}\n}\nbody {\n  font-family: var(--fontFamilyBase);\n  color: var(--colorNeutralForeground1);\n  font-size: var(--fontSizeBase300);\n  line-height: var(--lineHeightBase300);\n}\n`;
}
