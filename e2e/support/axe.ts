import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.1 A and AA, the level the product promises. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Impacts that fail the sweep; minor and moderate findings are left to review. */
const BLOCKING = new Set(['serious', 'critical']);

/** One line per failing rule: id, impact, what it wants, where, and axe's first hint. */
function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']): string[] {
  return violations
    .filter((violation) => violation.impact && BLOCKING.has(violation.impact))
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5);
      const more = violation.nodes.length > targets.length ? ` (+${violation.nodes.length - targets.length} more)` : '';
      const hint = violation.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ').trim() ?? '';
      return `${violation.id} [${violation.impact}] ${violation.help} — at ${targets.join(' | ')}${more} — ${hint}`;
    });
}

/**
 * Runs axe on what `page` shows and records (softly, so one run lists every
 * page's problems) any serious or critical WCAG 2.1 AA violation under `name`.
 * With SHOTS_DIR set, the viewport is also saved as `<name>-<width>x<height>.png`
 * there, for a person to look over the screens.
 */
export async function sweep(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  const label = `${name} at ${size?.width}x${size?.height}`;
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect.soft(describe(violations), `serious or critical accessibility violations on ${label}`).toEqual([]);
  const dir = process.env.SHOTS_DIR;
  if (dir && size) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}-${size.width}x${size.height}.png`) });
  }
}
