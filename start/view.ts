import edge from 'edge.js'
import { appName } from '#config/app'
import { inertiaRoot } from '#services/http/page_json'

edge.global('appName', appName)
// Replaces the adapter's helper behind `@inertia()`. Edge runs plugins at the first render, in
// the order they were added, so this one runs after the adapter's (added when it booted).
edge.use((instance) => instance.global('inertia', inertiaRoot))

/*
 * Edge adds its components plugin before the app turns the template cache on, so the plugin
 * keeps running on every renderer: each request (the session, the shield and auth share values
 * with the view) looked for a components directory on disk. With the cache on (production),
 * templates are fixed for the life of the process, and so is the list of components: it is
 * read once.
 */
if (edge.compiler.cacheManager.enabled) {
  const loader = edge.loader
  const listComponents = loader.listComponents.bind(loader)
  let components: ReturnType<typeof listComponents> | undefined
  loader.listComponents = () => (components ??= listComponents())
}
