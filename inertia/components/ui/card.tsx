import type { ReactNode } from 'react'
import { cn } from '~/lib/cn'

const paddings = { none: '', sm: 'p-4', md: 'p-6' }

export function Card({
  children,
  className,
  padding = 'md',
}: {
  children: ReactNode
  className?: string
  padding?: keyof typeof paddings
}) {
  return (
    <section
      className={cn(
        'rounded-lg border border-slate-200 bg-white shadow-sm',
        paddings[padding],
        className
      )}
    >
      {children}
    </section>
  )
}
