import { Head, Link } from '@inertiajs/react'
import type { ReactNode } from 'react'
import { AppShell } from '~/layouts/app_shell'
import { useSharedProps } from '~/hooks/use_shared_props'

interface ErrorScreenProps {
  title: string
  code?: string
  heading: string
  message: ReactNode
  action?: ReactNode
  /** The request's id, for support to find its log lines. */
  reference?: string | null
}

/**
 * Error and empty-state pages. Signed-in users keep the shell so they can switch team or
 * navigate away; others get a plain card.
 */
export function ErrorScreen({
  title,
  code,
  heading,
  message,
  action,
  reference,
}: ErrorScreenProps) {
  const { user, team } = useSharedProps()
  const body = (
    <div className="mx-auto max-w-xl rounded-xl border border-slate-200 bg-white p-10 text-center shadow-sm">
      {code ? <p className="text-sm font-semibold tracking-widest text-brand-600">{code}</p> : null}
      <h1 className="mt-2 text-2xl font-semibold text-slate-900">{heading}</h1>
      <div className="mt-3 text-sm text-slate-600">{message}</div>
      {reference ? (
        <p className="mt-4 text-xs text-slate-500">
          Reference: <span className="font-mono select-all">{reference}</span>
        </p>
      ) : null}
      <div className="mt-8 flex justify-center gap-3">
        {action ?? (
          <Link
            href={user ? '/' : '/login'}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {user ? 'Back to the dashboard' : 'Go to sign in'}
          </Link>
        )}
      </div>
    </div>
  )
  if (user) {
    return (
      <AppShell title={title} tone={user.isAdministrator && !team?.current ? 'admin' : 'client'}>
        <div className="py-12">{body}</div>
      </AppShell>
    )
  }
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <Head title={title} />
      {body}
    </main>
  )
}
