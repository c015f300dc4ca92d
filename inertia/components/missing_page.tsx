import { Head } from '@inertiajs/react'

/**
 * Shown instead of a blank screen when the server names a page the client does not have.
 */
export function MissingPage(name: string) {
  return function PageNotFound() {
    return (
      <main className="flex min-h-screen items-center justify-center p-6">
        <Head title="Error" />
        <div
          role="alert"
          className="max-w-md rounded-lg border border-red-200 bg-white p-6 shadow-sm"
        >
          <h1 className="text-lg font-semibold text-red-700">Something went wrong</h1>
          <p className="mt-2 text-sm text-slate-700">{`Page not found: ${name}`}</p>
        </div>
      </main>
    )
  }
}
