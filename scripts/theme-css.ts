import { writeFileSync } from 'node:fs';
import { themeToCss, xuetuTheme } from '../src/views/app/theme';

const out = new URL('../src/views/app/theme.css', import.meta.url);
writeFileSync(out, themeToCss(xuetuTheme));
console.log(`wrote ${out.pathname}`);
