/** Helpers for the accounts e2e tests: the slider captcha, SMS codes, logins. */
import type { Page } from '@playwright/test';
import { CAPTCHA_TEST_PASS } from '../../src/domain/account/captcha';
import { expect } from './fixtures';

/** Keeps its password for the whole run: tests that need a known login use this one. */
export const DEMO = { mobile: '13800138000', password: 'xuetu123', nickname: '学途同学' } as const;
/** The forgot-password test changes this one's password mid-run: don't log in with `password` after it. */
export const DEMO_2 = { mobile: '13900139000', password: 'xuetu123', nickname: '备考小园丁' } as const;

/** A fresh mobile number no other test uses (a 1(3-9) prefix and 9 digits from the clock). */
export function newMobile(): string {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);
  return `15${digits}`;
}

/**
 * The e2e server runs with CAPTCHA_MODE=test, where only `test-pass` passes. The test still drives
 * the real slider; this rewrites the solution the page sends, leaving everything else untouched.
 */
export async function passCaptchaInTestMode(page: Page): Promise<void> {
  await page.route('**/usercenter/front/api/sms/sendMobileCodeCaptchaVerify', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    await route.continue({
      postData: JSON.stringify({ ...body, captchaVerifyParam: CAPTCHA_TEST_PASS }),
      headers: { ...route.request().headers(), 'content-type': 'application/json' },
    });
  });
}

/**
 * Finds the hole in the captcha background as a person does by eye: the hole is the piece's own
 * pixels darkened to half, so at the right offset background ≈ piece / 2 inside the piece's mask.
 * Returns the hole's x in background pixels.
 */
export async function findCaptchaHole(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const stage = document.querySelector('[data-testid="slider-captcha"]');
    const imgs = stage ? Array.from(stage.querySelectorAll('img')) : [];
    const load = (src: string) =>
      new Promise<HTMLImageElement>((resolve, reject) => {
        const img = new Image();
        img.onload = () => resolve(img);
        img.onerror = reject;
        img.src = src;
      });
    const bigFirst = (await Promise.all(imgs.map((i) => load(i.src)))).sort((a, b) => b.naturalWidth - a.naturalWidth);
    const [bg, piece] = bigFirst;
    if (!bg || !piece) throw new Error('captcha images not found');
    const pixels = (img: HTMLImageElement) => {
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return ctx.getImageData(0, 0, c.width, c.height);
    };
    const B = pixels(bg);
    const P = pixels(piece);
    const pieceEl = stage!.querySelector('[data-testid="captcha-piece"]') as HTMLElement | null;
    const topShown = pieceEl ? parseFloat(getComputedStyle(pieceEl).top) || 0 : 0;
    const scale = (stage!.querySelector('img') as HTMLImageElement).getBoundingClientRect().width / bg.naturalWidth || 1;
    const pieceY = Math.round(topShown / scale);
    let best = { x: 0, err: Infinity };
    for (let x = 0; x <= B.width - P.width; x++) {
      let err = 0;
      let n = 0;
      for (let j = 2; j < P.height - 2; j += 2) {
        for (let i = 2; i < P.width - 2; i += 2) {
          const p = (j * P.width + i) * 4;
          // Fully opaque, not the white outline.
          if (P.data[p + 3]! < 250 || (P.data[p]! > 225 && P.data[p + 1]! > 225 && P.data[p + 2]! > 225)) continue;
          const b = ((pieceY + j) * B.width + x + i) * 4;
          for (let k = 0; k < 3; k++) err += Math.abs(B.data[b + k]! - P.data[p + k]! / 2);
          n++;
        }
      }
      if (n > 0 && err / n < best.err) best = { x, err: err / n };
    }
    return best.x;
  });
}

/** Drags the slider handle like a hand does: pressed, moved in steps over a few hundred ms, released. */
export async function dragSliderTo(page: Page, holeX: number): Promise<void> {
  const handle = page.getByTestId('slider-handle');
  const stageImg = page.getByTestId('slider-captcha').locator('img').first();
  const natural = await stageImg.evaluate((img: HTMLImageElement) => img.naturalWidth);
  const shown = (await stageImg.boundingBox())!.width;
  const distance = holeX * (shown / natural);
  const box = (await handle.boundingBox())!;
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  const steps = 12;
  for (let s = 1; s <= steps; s++) {
    await page.mouse.move(startX + (distance * s) / steps, y + (s % 2));
    await page.waitForTimeout(30);
  }
  await page.mouse.up();
}

/** The newest SMS code the outbox holds for a mobile (outbox provider, not production). */
export async function smsCode(page: Page, mobile: string, origin?: string): Promise<string> {
  const base = origin ?? new URL(page.url()).origin;
  let code = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`${base}/dev/sms-outbox?mobile=${mobile}`);
      const body = (await res.json()) as { data: { code: string }[] };
      code = body.data[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** A password login in the login modal the page opened (the demo student unless told); waits for it to close. */
export async function logInInModal(page: Page, user: { mobile: string; password: string } = DEMO): Promise<void> {
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('tab-password').click();
  await modal.getByTestId('mobile-input').fill(user.mobile);
  await modal.getByTestId('password-input').fill(user.password);
  await modal.getByTestId('agreement').check();
  await modal.getByTestId('login-submit').click();
  await expect(modal).toBeHidden();
}
