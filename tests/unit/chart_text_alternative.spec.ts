import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Every .ts/.tsx file under a folder. */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const ROOT = join(import.meta.dirname, '..', '..')
/** The chart primitive and the module that loads ECharts for it. */
const ALLOWED = new Set(['inertia/components/ui/chart.tsx', 'inertia/lib/echarts.ts'])

test.group('Charts have a text alternative', () => {
  test('pages draw charts only through the primitive, which requires a summary and a table', ({
    assert,
  }) => {
    const files = sources(join(ROOT, 'inertia')).map((path) => relative(ROOT, path))
    const direct = files.filter(
      (file) =>
        !ALLOWED.has(file) &&
        /from ['"](echarts|echarts\/[^'"]*|~\/lib\/echarts)['"]|import\(['"](echarts|~\/lib\/echarts)/.test(
          readFileSync(join(ROOT, file), 'utf8')
        )
    )
    assert.deepEqual(direct, [], 'files drawing charts without the chart primitive')
    const primitive = readFileSync(join(ROOT, 'inertia/components/ui/chart.tsx'), 'utf8')
    // The props every chart must be given: its text alternative and its data as a table.
    assert.match(primitive, /\n\s+summary: string\n/)
    assert.match(primitive, /\n\s+table: ChartTable\n/)
    const uses = files.filter((file) => /<Chart\b/.test(readFileSync(join(ROOT, file), 'utf8')))
    assert.isAbove(uses.length, 5)
  })
})
