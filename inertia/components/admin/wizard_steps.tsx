import { Link } from '@inertiajs/react'
import { cn } from '~/lib/cn'
import { useStepFocus } from '~/hooks/use_step_focus'

/**
 * The market data wizard's breadcrumb: team → provider → contract → product benchmarks. Done
 * steps link back to their own URL. Every step is a page: on arriving at one by a link, the
 * page's heading takes the focus (the link is gone with the page it was on).
 */
export function WizardSteps({
  steps,
}: {
  steps: { title: string; value?: string; href?: string }[]
}) {
  const current = steps.findIndex((step) => !step.value)
  useStepFocus('market-data', steps.map((step) => step.value ?? '').join('\u0000'))
  return (
    <nav aria-label="Wizard steps" className="mb-6">
      <ol className="flex flex-wrap items-center gap-2 text-sm">
        {steps.map((step, index) => (
          <li key={step.title} className="flex items-center gap-2">
            {index > 0 ? <span className="text-slate-300">/</span> : null}
            <span
              aria-current={index === current ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2 rounded-full px-3 py-1',
                index === current
                  ? 'bg-teal-700 text-white'
                  : step.value
                    ? 'bg-teal-50 text-teal-900'
                    : 'text-slate-600'
              )}
            >
              <span className="font-semibold">{index + 1}.</span>
              {step.value && step.href ? (
                <Link href={step.href} className="hover:underline">
                  {step.title}: {step.value}
                </Link>
              ) : (
                <span>{step.value ? `${step.title}: ${step.value}` : step.title}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  )
}
