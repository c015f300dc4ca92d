import './css/app.css'
import { createRoot } from 'react-dom/client'
import { createInertiaApp, http } from '@inertiajs/react'
import { resolvePage } from '~/lib/page_resolver'
import { api } from '~/lib/api'
import { MissingPage } from '~/components/missing_page'
import { installHistoryGuard } from '~/lib/history_guard'
import { installInvalidFieldFocus } from '~/lib/invalid_field_focus'
import { installFocusAfterAction } from '~/lib/focus_after_action'

const appName = import.meta.env.VITE_APP_NAME || 'Spendlens'

// Inertia's own requests (useHttp, partial reloads) follow the same once-only 401 rule.
http.onError((error) => {
  if ((error as { response?: { status?: number } }).response?.status === 401)
    api.onUnauthenticated()
})

// Before Inertia starts: unsaved changes are guarded on Back and Forward too.
installHistoryGuard()
// A refused form puts the focus on its first field in error; an action that succeeds keeps the
// focus where the user was (or on the page's heading), never on the page's body.
installInvalidFieldFocus()
installFocusAfterAction()

createInertiaApp({
  title: (title) => (title ? `${title} - ${appName}` : appName),
  resolve: async (name) => {
    try {
      return (await resolvePage(name, import.meta.glob('./pages/**/*.tsx'))) as never
    } catch (error) {
      console.error(error)
      return MissingPage(name) as never
    }
  },
  setup({ el, App, props }) {
    createRoot(el).render(<App {...props} />)
  },
  progress: { color: '#3b63f6' },
})
