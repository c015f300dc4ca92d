import env from '#start/env'
import { defineConfig } from '@adonisjs/inertia'

const inertiaConfig = defineConfig({
  rootView: 'inertia_layout',
  /**
   * A fixed build id avoids hashing the Vite manifest on every response; when unset the
   * version is read from the manifest.
   */
  assetsVersion: env.get('ASSETS_VERSION'),
  encryptHistory: false,
  ssr: { enabled: false, entrypoint: 'inertia/ssr.tsx' },
})

export default inertiaConfig
