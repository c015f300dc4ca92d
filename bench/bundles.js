/*
 * JavaScript sizes of the production build, from Vite's manifest: what a first visit
 * downloads (the entry and its static imports, and with the page it opens on), and each page
 * chunk of inertia/pages. Sizes are gzip (zlib, default level), as a server would send them.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROOT, TARGETS } from './config.js'

const ENTRY = 'inertia/app.tsx'
const PAGES = 'inertia/pages/'

export function bundleSizes() {
  const assets = join(ROOT, 'build', 'public', 'assets')
  const manifestFile = [join(assets, '.vite', 'manifest.json'), join(assets, 'manifest.json')].find(
    (file) => existsSync(file)
  )
  if (!manifestFile) throw new Error(`No Vite manifest under ${assets}: did the build run?`)
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  const gzipped = new Map()
  const gzipOf = (key) => {
    if (!gzipped.has(key)) {
      const source = readFileSync(join(assets, manifest[key].file))
      gzipped.set(key, { raw: source.length, gzip: gzipSync(source).length })
    }
    return gzipped.get(key)
  }
  /** The chunk and everything it imports statically. */
  const closure = (key, into = new Set()) => {
    if (into.has(key) || !manifest[key]) return into
    into.add(key)
    for (const imported of manifest[key].imports ?? []) closure(imported, into)
    return into
  }
  const total = (keys) =>
    [...keys].reduce(
      (sum, key) => {
        const size = gzipOf(key)
        return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip }
      },
      { raw: 0, gzip: 0 }
    )

  if (!manifest[ENTRY]) throw new Error(`${ENTRY} is not in ${manifestFile}`)
  const entry = closure(ENTRY)
  const firstLoad = (page) => {
    const keys = new Set(entry)
    closure(`${PAGES}${page}.tsx`, keys)
    return { label: `first visit on ${page} (entry + page, static imports)`, ...total(keys) }
  }
  const firstLoads = [
    { label: 'entry inertia/app.tsx + static imports', ...total(entry) },
    firstLoad('auth/login'),
    firstLoad('dashboard'),
  ].map((row) => ({ ...row, pass: row.gzip <= TARGETS.firstLoadGzipBytes }))

  const pages = Object.keys(manifest)
    .filter((key) => key.startsWith(PAGES) && manifest[key].file.endsWith('.js'))
    .sort()
    .map((key) => {
      const own = gzipOf(key)
      const beyondEntry = [...closure(key)].filter((chunk) => !entry.has(chunk))
      return {
        page: key.slice(PAGES.length).replace(/\.tsx?$/, ''),
        file: manifest[key].file,
        raw: own.raw,
        gzip: own.gzip,
        withImports: total(beyondEntry).gzip,
        pass: own.gzip <= TARGETS.pageChunkGzipBytes,
      }
    })
  return { manifest: manifestFile, firstLoads, pages }
}
