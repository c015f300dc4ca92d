import { mkdir } from 'node:fs/promises'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright'

/**
 * No serious or critical axe violation (WCAG 2 A and AA) on the page as it stands. The flash
 * toast of the shell is left out: it belongs to every page, not to the one under test.
 */
export async function axeProblems(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('[data-sonner-toaster]')
    .analyze()
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`)
}

/** Wider than the window: the page scrolls sideways (a table may, inside its own box). */
export const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)

/**
 * Full-page screenshots at 1440 and 1024 px into `dir`, each checked for sideways overflow;
 * returns the widths that overflowed. `pdf`: the page shows a PDF, which Chromium's viewer
 * draws again, out of process and slowly, once its frame is resized.
 */
export async function screenshots(
  page: Page,
  dir: string,
  name: string,
  options: { pdf?: boolean } = {}
) {
  await mkdir(dir, { recursive: true })
  const overflowing: number[] = []
  for (const width of [1440, 1024]) {
    await page.setViewportSize({ width, height: 900 })
    // The charts follow their box on the next frames; the PDF viewer draws after its load.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    )
    if (options.pdf && width !== 1440) await page.waitForTimeout(2000)
    if (await overflows(page)) overflowing.push(width)
    // From the top: the sticky top bar would otherwise be drawn over the middle of the page.
    await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1440, height: 900 })
  return overflowing
}
