import type { ReactNode } from 'react'
import { Head } from '@inertiajs/react'
import { Logo } from '~/components/logo'
import { Alert } from '~/components/ui/alert'
import { useFlash, useSharedProps } from '~/hooks/use_shared_props'

/**
 * Signed-out and account pages: a centred card under the product name.
 */
export function AuthLayout({
  title,
  heading,
  intro,
  children,
}: {
  title: string
  heading: string
  intro?: ReactNode
  children: ReactNode
}) {
  const { appName } = useSharedProps()
  const flash = useFlash()
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-b from-brand-50 to-slate-100 px-4 py-12">
      <Head title={title} />
      <div className="mb-8">
        <Logo name={appName} />
      </div>
      <main className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">{heading}</h1>
        {intro ? <div className="mt-2 text-sm text-slate-600">{intro}</div> : null}
        {flash.success ? (
          <Alert tone="success" className="mt-4">
            {flash.success}
          </Alert>
        ) : null}
        {flash.error ? (
          <Alert tone="error" className="mt-4">
            {flash.error}
          </Alert>
        ) : null}
        <div className="mt-6">{children}</div>
      </main>
      <p className="mt-6 text-xs text-slate-500">
        Confidential commercial data. Authorised users only.
      </p>
    </div>
  )
}
