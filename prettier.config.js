import adonis from '@adonisjs/prettier-config'

export default {
  ...adonis,
  plugins: [...adonis.plugins, 'prettier-plugin-tailwindcss'],
  tailwindStylesheet: './inertia/css/app.css',
}
