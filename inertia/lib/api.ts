import axios, { type AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios'

type Redirect = (url: string) => void

interface TrackedConfig extends InternalAxiosRequestConfig {
  abortController?: AbortController
}

/**
 * The HTTP client for JSON endpoints. Every request carries the XMLHttpRequest marker and the
 * CSRF token. On the first 401 it cancels every pending request and sends the browser to
 * /login, once: later 401s (from requests already in flight) do nothing.
 */
export function createApiClient(redirect: Redirect = (url) => window.location.assign(url)) {
  const pending = new Set<AbortController>()
  let redirecting = false

  const client: AxiosInstance = axios.create({
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'Accept': 'application/json' },
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    withXSRFToken: true,
  })

  const onUnauthenticated = () => {
    if (redirecting) return
    redirecting = true
    for (const controller of pending) controller.abort()
    pending.clear()
    redirect('/login')
  }

  client.interceptors.request.use((config: TrackedConfig) => {
    if (redirecting) {
      throw new axios.CanceledError('Signing in again')
    }
    if (!config.signal) {
      config.abortController = new AbortController()
      config.signal = config.abortController.signal
      pending.add(config.abortController)
    }
    return config
  })

  const release = (config: TrackedConfig | undefined) => {
    if (config?.abortController) pending.delete(config.abortController)
  }

  client.interceptors.response.use(
    (response) => {
      release(response.config)
      return response
    },
    (error: AxiosError) => {
      release(error.config)
      if (error.response?.status === 401) onUnauthenticated()
      return Promise.reject(error)
    }
  )

  return Object.assign(client, { onUnauthenticated })
}

export const api = createApiClient()

/**
 * What the server said about a refused request; a server error (5xx) never shows its own text,
 * which could hold SQL or internals, only the fallback.
 */
export function errorMessage(error: unknown, fallback: string) {
  if (axios.isAxiosError(error) && (error.response?.status ?? 0) < 500) {
    const message = (error.response?.data as { message?: string } | undefined)?.message
    if (message) return message
  }
  return fallback
}

/**
 * The field errors of a refused request (422, the server's order); empty for anything else.
 */
export function fieldErrors(error: unknown): { field: string; message: string }[] {
  if (!axios.isAxiosError(error)) return []
  const data = error.response?.data as { errors?: { field: string; message: string }[] } | undefined
  return data?.errors ?? []
}

/**
 * What to tell the user about a refused request: its field messages, else its message, else
 * the fallback (none when the fallback is empty).
 */
export function problemMessages(error: unknown, fallback = ''): string[] {
  const fields = fieldErrors(error)
  if (fields.length) return fields.map((entry) => entry.message)
  const message = errorMessage(error, fallback)
  return message ? [message] : []
}
