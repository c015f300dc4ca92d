import { mkdir } from 'node:fs/promises'
import { AxeBuilder } from '@axe-core/playwright'
import type { Locator, Page } from 'playwright'

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

/** The element has the focus. */
export const hasFocus = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement)

/**
 * Tabs until `target` has the focus; fails past `limit` presses. From the top of the page, or
 * with `from: 'here'` on from where the focus is.
 */
export async function tabTo(page: Page, target: Locator, limit = 25, from: 'top' | 'here' = 'top') {
  if (from === 'top') {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  }
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press('Tab')
    if (await hasFocus(target)) return presses + 1
  }
  throw new Error(`Not reached with ${limit} presses of Tab`)
}

/**
 * The focused element draws a visible focus indicator: an outline or a ring (box shadow) that
 * it does not draw without the focus. Its focus is given back after the comparison.
 */
export function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement
    const look = () => {
      const style = getComputedStyle(element)
      const outline =
        style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
          ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
          : 'none'
      return `${outline} | ${style.boxShadow}`
    }
    const focused = look()
    element.blur()
    const unfocused = look()
    element.focus()
    return focused !== unfocused && !focused.startsWith('none | none')
  })
}

/** What has the focus, as a keyboard user hears it: role or tag, and name. */
export function focusedName(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body) return 'body'
    const labelled = element.getAttribute('aria-labelledby')
    const name =
      element.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      ((element as HTMLInputElement).labels?.[0]?.textContent || null) ??
      element.textContent ??
      ''
    return `${element.getAttribute('role') ?? element.tagName.toLowerCase()}: ${name.replace(/\s+/g, ' ').trim()}`
  })
}

/**
 * Presses Tab (or Shift+Tab) for up to `presses` stops from where the focus is, and until `until` has
 * the focus if given, and lists what took the focus, once each; each must show it (see focusIndicator),
 * else the walk fails naming the element.
 */
export async function tabWalk(
  page: Page,
  presses: number,
  options: { key?: 'Tab' | 'Shift+Tab'; until?: Locator } = {}
) {
  const names: string[] = []
  for (let press = 0; names.length < presses && press < presses * 4; press++) {
    await page.keyboard.press(options.key ?? 'Tab')
    // A date input takes several presses, one per part (day, month, year): one stop.
    const same = await page.evaluate(() => {
      const holder = window as unknown as { walked?: Element | null }
      const again = holder.walked === document.activeElement
      holder.walked = document.activeElement
      return again
    })
    if (same) continue
    const name = await focusedName(page)
    if (!(await focusIndicator(page))) throw new Error(`No visible focus on ${name}`)
    names.push(name)
    if (options.until && (await hasFocus(options.until))) return names
  }
  if (options.until) throw new Error(`Not reached with ${presses} presses: ${names.join(', ')}`)
  return names
}
