import edge from 'edge.js'
import { appName } from '#config/app'
import { inertiaRoot } from '#services/http/page_json'

edge.global('appName', appName)
// Replaces the adapter's helper behind `@inertia()`. Edge runs plugins at the first render, in
// the order they were added, so this one runs after the adapter's (added when it booted).
edge.use((instance) => instance.global('inertia', inertiaRoot))
