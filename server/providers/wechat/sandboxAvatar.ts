/**
 * The sandbox's stand-in for a WeChat profile picture: 132×132 like WeChat's `/132` size, the
 * nickname's first character on a colour derived from the openid, so each sandbox account has
 * its own recognisable avatar and a copied avatar can be told apart from the defaults.
 */
import { createHash } from 'node:crypto';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';

export const SANDBOX_AVATAR_SIZE = 132;

/** Without a CJK font (fonts-noto-cjk) a Chinese character would draw as an empty box. */
const HAS_CJK_FONT = GlobalFonts.families.some(({ family }) => /CJK|WenQuanYi|Droid Sans Fallback|Hei|Song/i.test(family));

export function drawSandboxAvatar(openId: string, nickname: string): Buffer {
  const hue = createHash('sha256').update(openId).digest().readUInt16BE(0) % 360;
  const canvas = createCanvas(SANDBOX_AVATAR_SIZE, SANDBOX_AVATAR_SIZE);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = `hsl(${hue}, 55%, 52%)`;
  ctx.fillRect(0, 0, SANDBOX_AVATAR_SIZE, SANDBOX_AVATAR_SIZE);
  // "微信用户1234" would all look alike by their first character: use the last one then.
  const chars = [...nickname.trim()];
  const picked = (/^微信用户/.test(nickname) ? chars.at(-1) : chars[0]) ?? 'W';
  const letter = HAS_CJK_FONT || /^[\x21-\x7e]$/.test(picked) ? picked : String.fromCharCode(65 + (hue % 26));
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold 64px "Noto Sans CJK SC", "Noto Sans CJK JP", "Noto Sans", sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(letter, SANDBOX_AVATAR_SIZE / 2, SANDBOX_AVATAR_SIZE / 2 + 4);
  return canvas.toBuffer('image/png');
}
