import axios, { type AxiosError, type AxiosInstance } from 'axios'
import { http } from '@inertiajs/react'

/**
 * The one HTTP client for JSON endpoints. Every request carries the XMLHttpRequest marker and
 * the CSRF token; the first 401 cancels what is pending and sends the browser to /login once.
 */
const controllers = new Set<AbortController>()
let redirectingToLogin = false

export function handleUnauthenticated(
  redirect: (url: string) => void = (url) => window.location.assign(url)
) {
  if (redirectingToLogin) return
  redirectingToLogin = true
  for (const controller of controllers) controller.abort()
  controllers.clear()
  redirect('/login')
}

/** For tests of the once-only behaviour. */
export function resetUnauthenticatedState() {
  redirectingToLogin = false
}

export function createApiClient(): AxiosInstance {
  const client = axios.create({
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'Accept': 'application/json' },
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    withXSRFToken: true,
  })

  client.interceptors.request.use((config) => {
    if (!config.signal) {
      const controller = new AbortController()
      controllers.add(controller)
      config.signal = controller.signal
      ;(config as { _controller?: AbortController })._controller = controller
    }
    return config
  })

  const release = (config: unknown) => {
    const controller = (config as { _controller?: AbortController } | undefined)?._controller
    if (controller) controllers.delete(controller)
  }

  client.interceptors.response.use(
    (response) => {
      release(response.config)
      return response
    },
    (error: AxiosError) => {
      release(error.config)
      if (error.response?.status === 401) handleUnauthenticated()
      return Promise.reject(error)
    }
  )
  return client
}

export const api = createApiClient()

/**
 * Inertia's own requests (useHttp, partial reloads) follow the same 401 rule.
 */
export function installInertiaUnauthenticatedHandler() {
  http.onError((error) => {
    const status = (error as { response?: { status?: number } }).response?.status
    if (status === 401) handleUnauthenticated()
  })
}

export function errorMessage(error: unknown, fallback: string) {
  if (axios.isAxiosError(error)) {
    const message = (error.response?.data as { message?: string } | undefined)?.message
    if (message) return message
  }
  return fallback
}
