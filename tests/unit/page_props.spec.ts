import { test } from '@japa/runner'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** Props every page receives from the Inertia middleware; a page prop of that name hides it. */
const SHARED_PROPS = ['appName', 'routeName', 'errors', 'user', 'team', 'permissions']

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? sources(join(dir, entry.name)) : [join(dir, entry.name)]
    )
  )
  return nested.flat().filter((file) => file.endsWith('.ts'))
}

/** The top-level keys of the object literal passed to each `inertia.render(page, { … })`. */
function renderedKeys(source: string) {
  const found: { page: string; key: string }[] = []
  for (const match of source.matchAll(/inertia\.render\(\s*'([^']+)',\s*\{/g)) {
    let depth = 1
    let index = match.index! + match[0].length
    let current = ''
    const keys: string[] = []
    for (; index < source.length && depth > 0; index++) {
      const char = source[index]
      if ('{[('.includes(char)) depth++
      else if ('}])'.includes(char)) depth--
      if (depth === 1) {
        if (char === ',') {
          keys.push(current)
          current = ''
        } else current += char
      }
    }
    keys.push(current)
    for (const entry of keys) {
      const key = entry.trim().match(/^([A-Za-z_$][\w$]*)\s*(?::|$)/)?.[1]
      if (key) found.push({ page: match[1], key })
    }
  }
  return found
}

test.group('Page props', () => {
  test('no page prop hides a shared prop of the shell', async ({ assert }) => {
    const clashes: string[] = []
    for (const file of await sources('app/controllers')) {
      for (const { page, key } of renderedKeys(await readFile(file, 'utf8'))) {
        if (SHARED_PROPS.includes(key)) clashes.push(`${file}: ${page} passes "${key}"`)
      }
    }
    assert.deepEqual(clashes, [])
  })
})
