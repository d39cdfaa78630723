/**
 * The Content-Security-Policy in a real browser, and the fixture that fails every other test on a
 * violation: here the page is made to break the policy on purpose and the collector must see it.
 */
import { expect, gotoApp, test, unexpectedCspViolations } from './fixtures';

const PROBE_HOST = 'csp-probe.invalid';

test.describe('Content-Security-Policy', () => {
  // What this test provokes: an inline script, an image from another site, our page in a frame.
  test.use({ allowedCspViolations: [/inline script|csp-probe\.invalid|frame-ancestors/] });

  test('blocks what it should, and the fixture sees every violation', async ({ page, cspViolations }) => {
    await gotoApp(page, '/about');
    await expect(page.locator('#root')).not.toBeEmpty();
    expect(cspViolations).toEqual([]);

    const inlineRan = await page.evaluate((host) => {
      const script = document.createElement('script');
      script.textContent = 'window.__cspInlineRan = true;';
      document.body.append(script);
      const img = document.createElement('img');
      img.src = `https://${host}/pixel.png`;
      document.body.append(img);
      return (window as unknown as { __cspInlineRan?: boolean }).__cspInlineRan === true;
    }, PROBE_HOST);
    expect(inlineRan).toBe(false);
    await expect.poll(() => cspViolations.join('\n')).toMatch(/inline script violates .*script-src 'self'/);
    await expect.poll(() => cspViolations.join('\n')).toMatch(new RegExp(`https://${PROBE_HOST}/pixel\\.png' violates .*img-src 'self' data: blob:`));

    // frame-ancestors 'none': not even the site itself may frame a page.
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = '/new/about';
      document.body.append(frame);
    });
    await expect.poll(() => cspViolations.join('\n')).toMatch(/frame-ancestors 'none'/);

    // Any other test would fail on these: nothing here is allowed by default.
    expect(unexpectedCspViolations(cspViolations, []).length).toBe(cspViolations.length);
    expect(unexpectedCspViolations(cspViolations, [/./])).toEqual([]);
  });

  test('frames count too: the WeChat sandbox QR frame loads cleanly, and a violation inside it is seen', async ({ page, cspViolations }) => {
    await gotoApp(page, '/uc/login');
    await page.getByTestId('tab-wechat').click();
    const qr = page.frameLocator('[data-testid="wechat-qr"]');
    await expect(qr.locator('#wx-status')).toHaveText('请使用微信扫一扫登录');
    expect(cspViolations).toEqual([]);

    await qr.locator('body').evaluate((body, host) => {
      const img = body.ownerDocument.createElement('img');
      img.src = `https://${host}/in-frame.png`;
      body.append(img);
    }, PROBE_HOST);
    await expect
      .poll(() => cspViolations.join('\n'))
      .toMatch(new RegExp(`https://${PROBE_HOST}/in-frame\\.png' violates .*\\(in http://[^)]+/dev/wechat/qrconnect\\?`));
  });
});
