/**
 * The statechart gallery opens from disk with no network (issue 21): statecharts/index.html read
 * over file:// in a browser that is offline and may load nothing but local files shows, for every
 * machine of the label table, its Chinese description, its diagram drawn with the Chinese labels,
 * the screens of its states (statecharts/screens/) and its test paths in Chinese steps.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FLOW_TEXTS } from '../../src/domain/flows.texts';
import { expect, test } from './fixtures';

// Some 300 pictures, each loaded as it is scrolled to.
test.describe.configure({ timeout: 120_000 });

/** How a label appears in SVG text. */
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

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
  expect(ids.length).toBeGreaterThan(40);
  // What each flow's section shows, read in one pass: every picture (the diagram, the screens)
  // scrolled to, as a reader would, so the lazy ones load, and decoded.
  const sections = await page.evaluate(async (machineIds) => {
    const out: Record<string, { title: string; desc: string; diagram: string; diagramWidth: number; shots: number[]; paths: string }> = {};
    for (const id of machineIds) {
      const section = document.getElementById(`m-${id}`);
      if (!section) continue;
      const diagram = section.querySelector<HTMLImageElement>('a.diagram img');
      const load = async (img: HTMLImageElement) => {
        img.scrollIntoView();
        await img.decode().catch(() => undefined);
        return img.naturalWidth;
      };
      const shots: number[] = [];
      for (const img of Array.from(section.querySelectorAll<HTMLImageElement>('a.screen img'))) shots.push(await load(img));
      out[id] = {
        title: section.querySelector('h2')?.textContent ?? '',
        desc: section.querySelector('.desc')?.textContent ?? '',
        diagram: diagram?.getAttribute('src') ?? '',
        diagramWidth: diagram ? await load(diagram) : 0,
        shots,
        paths: section.querySelector('details.test-paths > summary')?.textContent ?? '',
      };
    }
    return out;
  }, ids);

  for (const id of ids) {
    const texts = FLOW_TEXTS[id]!;
    const shown = sections[id];
    expect(shown, `${id}: its section`).toBeDefined();
    expect(shown!.title).toContain(texts.title);
    expect(shown!.desc).toBe(texts.description);
    expect(shown!.diagramWidth, `${id}: the diagram loads`).toBeGreaterThan(0);
    expect(shown!.paths).toMatch(/测试路径（[1-9]\d* 条）/);
    expect(shown!.shots.length, `${id}: state screenshots`).toBeGreaterThan(0);
    expect(
      shown!.shots.filter((w) => w !== 375),
      `${id}: every screenshot loads`,
    ).toEqual([]);
    // The diagram is drawn with the Chinese labels: every state's name is in its SVG.
    const svg = readFileSync(fileURLToPath(new URL(shown!.diagram, GALLERY)), 'utf8');
    for (const label of Object.values(texts.states)) expect(svg, `${id}: ${label}`).toContain(esc(label));
  }
  expect(remote).toEqual([]);
});
