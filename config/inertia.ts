import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/inertia'
import viteConfig from '#config/vite'

/**
 * The asset version clients compare on every visit. `ASSETS_VERSION` (a build id) wins; without
 * it a production build reads its Vite manifest once, at start, rather than the adapter hashing
 * the manifest again for every response. In development the adapter decides (the dev server's
 * assets have no manifest).
 */
function assetsVersion() {
  const configured = env.get('ASSETS_VERSION')
  if (configured) return configured
  const manifest = app.makePath(viteConfig.manifestFile!)
  if (!app.inProduction || !existsSync(manifest)) return undefined
  const parsed = JSON.parse(readFileSync(manifest, 'utf8'))
  return createHash('md5').update(JSON.stringify(parsed)).digest('hex')
}

const inertiaConfig = defineConfig({
  rootView: 'inertia_layout',
  assetsVersion: assetsVersion(),
  encryptHistory: false,
  ssr: { enabled: false, entrypoint: 'inertia/ssr.tsx' },
})

export default inertiaConfig
