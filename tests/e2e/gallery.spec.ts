/**
 * The statechart gallery opens from disk with no network (issue 21): statecharts/index.html read
 * over file:// in a browser that is offline and may load nothing but local files shows, for every
 * machine of the label table, its Chinese description, its diagram drawn with the Chinese labels,
 * the screens of its states (statecharts/screens/) and its test paths in Chinese steps.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FLOW_TEXTS } from '../../src/domain/flows.texts';
import { expect, test } from './fixtures';

// Some 250 pictures, each loaded as it is scrolled to, and 48 diagrams opened.
test.describe.configure({ timeout: 120_000 });

const GALLERY = pathToFileURL(resolve('statecharts/index.html')).href;

test('statecharts/index.html from file:// with the network off: every flow described, drawn in Chinese, with its screens and test paths', async ({
  page,
  context,
}) => {
  await context.setOffline(true);
  const remote: string[] = [];
  await context.route(/^(?!file:)/, async (route) => {
    remote.push(route.request().url());
    await route.abort();
  });
  await page.goto(GALLERY);
  await expect(page).toHaveTitle('学途 · 业务流程图');

  const ids = Object.keys(FLOW_TEXTS);
  const sources: [string, string][] = [];
  expect(ids.length).toBeGreaterThan(40);
  for (const id of ids) {
    const texts = FLOW_TEXTS[id]!;
    const section = page.locator(`section#m-${id}`);
    await expect(section.getByRole('heading', { level: 2 })).toContainText(texts.title);
    await expect(section.locator('.desc')).toHaveText(texts.description);
    const diagram = section.locator('a.diagram img');
    await diagram.scrollIntoViewIfNeeded();
    await expect.poll(() => diagram.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: `${id}: diagram loads` }).toBe(true);
    await expect(section.locator('details.test-paths > summary')).toContainText(/测试路径（[1-9]\d* 条）/);
    // The screens of its states, each loaded once scrolled to (they load lazily): their widths.
    const widths = await section.evaluate(async (el) => {
      const out: number[] = [];
      for (const img of Array.from(el.querySelectorAll<HTMLImageElement>('a.screen img'))) {
        img.scrollIntoView();
        await img.decode().catch(() => undefined);
        out.push(img.naturalWidth);
      }
      return out;
    });
    expect(widths.length, `${id}: state screenshots`).toBeGreaterThan(0);
    expect(
      widths.filter((w) => w !== 375),
      `${id}: every screenshot loads`,
    ).toEqual([]);
    sources.push([id, (await section.locator('a.diagram img').getAttribute('src'))!]);
  }

  // Each diagram is drawn with the Chinese labels: every state's name is in its SVG.
  for (const [id, src] of sources) {
    await page.goto(new URL(src, GALLERY).href);
    const text = await page.locator('svg').first().textContent();
    for (const label of Object.values(FLOW_TEXTS[id]!.states)) expect(text, `${id}: ${label}`).toContain(label);
  }
  expect(remote).toEqual([]);
});
