import { configApp } from '@adonisjs/eslint-config'
import { react } from '@adonisjs/eslint-config/react'

export default configApp(
  ...react,
  {
    ignores: ['.adonisjs/**', 'public/assets/**', 'tmp/**', 'build/**'],
  },
  {
    files: ['inertia/**/*.{ts,tsx}'],
    rules: {
      // Client paths come from one place (shared/navigation.ts and the spec's fixed paths); the
      // route registry is not wired into the client yet.
      '@adonisjs/prefer-adonisjs-inertia-link': 'off',
    },
  }
)
