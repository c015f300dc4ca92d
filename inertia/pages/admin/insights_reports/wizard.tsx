import { Link } from '@inertiajs/react'
import axios from 'axios'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { AdminShell, PageHeading } from '~/layouts/app_shell'
import { Alert } from '~/components/ui/alert'
import { Button, secondaryLinkClass } from '~/components/ui/button'
import { Card } from '~/components/ui/card'
import { useUnsavedChangesGuard } from '~/hooks/use_unsaved_changes'
import { cn } from '~/lib/cn'
import { api, fieldErrors, errorMessage } from '~/lib/api'
import { BASE, InsightsAdminNav } from '~/components/admin_insights_reports/nav'
import {
  EMPTY_REPORT,
  PdfFileInput,
  ReportFormFields,
  audienceText,
  focusFirstError,
  payload,
  sectionOfError,
  useReportForm,
  validateSection,
  type ReportSection,
} from '~/components/admin_insights_reports/report_form'
import { ReportPreview } from '~/components/admin_insights_reports/report_preview'
import { UploadProgress } from '~/components/imports/upload_progress'
import { fileSizeText } from '~/components/admin_insights_reports/format'
import type { AdminWizardProps } from '@shared/insights_reports'

interface Step {
  title: string
  heading: string
  description: string
  /** The form section the step edits; none for the review. */
  section: ReportSection | null
}

/** The spec's steps, in its order. */
const STEPS: Step[] = [
  {
    title: 'File',
    heading: 'Choose the PDF',
    description: 'The study as a PDF. You can replace it later with a new version.',
    section: 'file',
  },
  {
    title: 'Filename',
    heading: 'Title, summary and file name',
    description:
      'The title and summary clients read in their list, the name the PDF downloads under, and its author.',
    section: 'details',
  },
  {
    title: 'Category',
    heading: 'Category',
    description: 'Clients filter their list by category. A report has exactly one.',
    section: 'category',
  },
  {
    title: 'Access type',
    heading: 'Access type',
    description:
      'Which client teams see the report. Only teams holding Insights Reports ever see reports.',
    section: 'access',
  },
  {
    title: 'Tags',
    heading: 'Tags',
    description: 'Optional keywords clients can filter on.',
    section: 'tags',
  },
  {
    title: 'Review',
    heading: 'Review and publish',
    description:
      'Check how the report will look to clients and who will see it. Publishing does not mail anyone: you choose whom to notify on the report’s page afterwards.',
    section: null,
  },
]

const LAST = STEPS.length - 1

/** The server's check of the chosen PDF, made as soon as it is chosen (step 1). */
type FileCheck =
  | { file: File; state: 'checking' }
  | { file: File; state: 'accepted'; pageCount: number }
  | { file: File; state: 'refused' }
  /** The check could not be made (network, server): publishing checks the file again. */
  | { file: File; state: 'unchecked' }

function FileCheckStatus({ check }: { check: FileCheck | null }) {
  if (!check || check.state === 'refused') return null
  const text =
    check.state === 'checking'
      ? 'Checking the PDF…'
      : check.state === 'accepted'
        ? `Checked: ${check.pageCount === 1 ? 'one page' : `${check.pageCount} pages`}, with no scripts, embedded files, actions that open other programs or files, or protection.`
        : 'The PDF could not be checked now: it is checked again when you publish.'
  return (
    <p
      className={cn(
        'mt-2 text-sm',
        check.state === 'accepted' ? 'text-teal-800' : 'text-slate-600'
      )}
    >
      {text}
    </p>
  )
}

/**
 * The steps, the current one marked; the ones already reached take you back to them (and, after
 * going back, forward again: every step is checked again before publishing).
 */
function StepIndicator({
  current,
  reached,
  onGo,
}: {
  current: number
  reached: number
  onGo: (step: number) => void
}) {
  return (
    <nav aria-label="Upload steps" className="mb-6">
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 xl:grid-cols-6">
        {STEPS.map((step, index) => {
          const state = index === current ? 'current' : index <= reached ? 'done' : 'todo'
          const content = (
            <>
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  state === 'done' && 'bg-teal-700 text-white',
                  state === 'current' && 'bg-white text-teal-800 ring-2 ring-teal-700',
                  state === 'todo' && 'bg-white text-slate-600 ring-1 ring-slate-300'
                )}
              >
                {state === 'done' ? '✓' : index + 1}
              </span>
              <span>
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
                {state === 'done' ? <span className="sr-only"> (done)</span> : null}
              </span>
            </>
          )
          const boxClass = cn(
            'flex w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm',
            state === 'current' && 'border-teal-700 bg-teal-50 font-semibold text-teal-900',
            state === 'done' && 'border-teal-200 bg-white text-teal-900 hover:bg-teal-50',
            state === 'todo' && 'border-slate-200 bg-white text-slate-600'
          )
          return (
            <li key={step.title} aria-current={state === 'current' ? 'step' : undefined}>
              {state === 'done' ? (
                <button type="button" onClick={() => onGo(index)} className={boxClass}>
                  {content}
                </button>
              ) : (
                <span className={boxClass}>{content}</span>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}

export default function InsightsReportWizard({ options }: AdminWizardProps) {
  const state = useReportForm(EMPTY_REPORT)
  const { form } = state
  const [step, setStep] = useState(0)
  const [reached, setReached] = useState(0)
  const [serverRefused, setServerRefused] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const moved = useRef(false)
  const [fileCheck, setFileCheck] = useState<FileCheck | null>(null)
  const pendingCheck = useRef<AbortController | null>(null)

  useEffect(() => () => pendingCheck.current?.abort(), [])

  // The file is checked by the server as publishing would check it: a refused PDF is said at
  // step 1, not after the six steps.
  const checkFile = async (file: File) => {
    pendingCheck.current?.abort()
    const controller = new AbortController()
    pendingCheck.current = controller
    setFileCheck({ file, state: 'checking' })
    const body = new FormData()
    body.append('file', file)
    try {
      const { data } = await api.post<{ pageCount: number }>(`${BASE}/file-check`, body, {
        signal: controller.signal,
      })
      setFileCheck({ file, state: 'accepted', pageCount: data.pageCount })
    } catch (error) {
      if (axios.isCancel(error)) return
      const status = axios.isAxiosError(error) ? (error.response?.status ?? 0) : 0
      if (status === 422 || status === 413) {
        const refusal =
          fieldErrors(error).find((entry) => entry.field === 'file')?.message ??
          errorMessage(error, 'The PDF was refused.')
        form.setError('file', refusal)
        setFileCheck({ file, state: 'refused' })
        focusFirstError(['file'])
      } else {
        setFileCheck({ file, state: 'unchecked' })
      }
    } finally {
      if (pendingCheck.current === controller) pendingCheck.current = null
    }
  }
  const checking = fileCheck?.state === 'checking' && fileCheck.file === form.data.file

  useUnsavedChangesGuard(form.isDirty && !form.processing)

  // A new step: its heading takes the focus (not on the first render).
  useEffect(() => {
    if (!moved.current) return
    heading.current?.focus()
  }, [step])

  const goTo = (next: number) => {
    moved.current = true
    setStep(next)
    setReached((current) => Math.max(current, next))
  }

  const next = () => {
    const section = STEPS[step].section
    if (section) {
      const errors = state.check([section], options.maxFileMb)
      if (Object.keys(errors).length) {
        focusFirstError(Object.keys(errors))
        return
      }
    }
    if (section === 'file' && form.data.file) {
      if (checking) return
      if (fileCheck?.file !== form.data.file) {
        void checkFile(form.data.file)
        return
      }
      if (fileCheck.state === 'refused') {
        form.setError('file', form.errors.file ?? 'The PDF was refused: choose another file.')
        focusFirstError(['file'])
        return
      }
    }
    setServerRefused(false)
    goTo(Math.min(step + 1, LAST))
  }

  const publish = () => {
    // Every step again (the admin may have gone back and changed one): the first one wrong opens.
    for (const [index, entry] of STEPS.entries()) {
      if (!entry.section) continue
      if (Object.keys(validateSection(entry.section, form.data, options.maxFileMb)).length) {
        state.check([entry.section], options.maxFileMb)
        goTo(index)
        return
      }
    }
    setServerRefused(false)
    form.transform((data) => payload(data, true))
    form.post(BASE, {
      forceFormData: true,
      // The report's page opens on its notify list (the redirect's #notify does not survive
      // the visit): the keyboard user goes on from there.
      onSuccess: () => document.getElementById('notify-heading')?.focus(),
      onError: (errors) => {
        setServerRefused(true)
        const sections = Object.keys(errors).map(sectionOfError)
        const first = STEPS.findIndex(
          (entry) => entry.section !== null && sections.includes(entry.section)
        )
        if (first >= 0) goTo(first)
        else heading.current?.focus()
      },
    })
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (form.processing) return
    if (step === LAST) publish()
    else next()
  }

  const current = STEPS[step]
  const otherErrors = Object.entries(form.errors as Record<string, string>).filter(
    ([key]) => sectionOfError(key) === null
  )
  const category = options.categories.find((entry) => entry.id === form.data.category_id)
  const tags = options.tags.filter((tag) => form.data.tag_ids.includes(tag.id))

  return (
    <AdminShell title="Upload an insights report">
      <PageHeading
        title="Upload an insights report"
        description="Publish one of our studies to client teams, in six steps. Nothing is published before the last one."
        actions={
          <Link href={BASE} className={secondaryLinkClass}>
            Cancel
          </Link>
        }
      />
      <InsightsAdminNav current="upload" />
      <StepIndicator current={step} reached={reached} onGo={goTo} />
      <form onSubmit={onSubmit} noValidate aria-labelledby="wizard-step-heading">
        <Card>
          <h2
            id="wizard-step-heading"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900"
          >
            <span className="text-slate-500">
              Step {step + 1} of {STEPS.length}:{' '}
            </span>
            {current.heading}
          </h2>
          <p className="mt-1 mb-6 max-w-3xl text-sm text-slate-600">{current.description}</p>

          {serverRefused && (current.section || otherErrors.length) ? (
            <Alert tone="error" className="mb-6">
              The report was not published.{' '}
              {otherErrors.length
                ? otherErrors.map(([, message]) => message).join(' ')
                : 'Correct what is marked below, then go on to the review and publish.'}
            </Alert>
          ) : null}

          <div hidden={step !== 0}>
            <PdfFileInput
              id="report-file"
              label="Report PDF (required)"
              file={form.data.file}
              error={state.errorFor('file')}
              maxFileMb={options.maxFileMb}
              onChange={(file, problem) => {
                state.set('file', file)
                if (problem) {
                  pendingCheck.current?.abort()
                  setFileCheck(null)
                  form.setError('file', problem)
                } else if (file) {
                  void checkFile(file)
                }
              }}
            />
            <div aria-live="polite">
              <FileCheckStatus check={fileCheck?.file === form.data.file ? fileCheck : null} />
            </div>
          </div>
          {(['details', 'category', 'access', 'tags'] as const).map((section, index) => (
            <div key={section} hidden={step !== index + 1}>
              <ReportFormFields state={state} options={options} sections={[section]} />
            </div>
          ))}
          {step === LAST ? (
            <div className="grid gap-8 lg:grid-cols-[minmax(0,22rem)_1fr]">
              <ReportPreview data={form.data} options={options} />
              <section aria-labelledby="wizard-summary-title">
                <h3 id="wizard-summary-title" className="text-sm font-medium text-slate-700">
                  What will be published
                </h3>
                <dl className="mt-2 divide-y divide-slate-100 rounded-md border border-slate-200 text-sm">
                  {[
                    {
                      term: 'File',
                      value: form.data.file
                        ? `${form.data.file.name} (${fileSizeText(form.data.file.size)})`
                        : '—',
                      step: 0,
                    },
                    { term: 'Title', value: form.data.title.trim(), step: 1 },
                    { term: 'File name', value: form.data.file_name.trim(), step: 1 },
                    { term: 'Author', value: form.data.author.trim() || '—', step: 1 },
                    { term: 'Category', value: category?.name ?? '—', step: 2 },
                    {
                      term: 'Access',
                      value: audienceText(form.data, options),
                      step: 3,
                    },
                    {
                      term: 'Tags',
                      value: tags.length ? tags.map((tag) => tag.name).join(', ') : 'None',
                      step: 4,
                    },
                  ].map((row) => (
                    <div
                      key={row.term}
                      className="grid gap-1 px-3 py-2 sm:grid-cols-[8rem_1fr_auto] sm:items-baseline sm:gap-3"
                    >
                      <dt className="font-medium text-slate-700">{row.term}</dt>
                      <dd className="break-words text-slate-900">{row.value}</dd>
                      <dd>
                        <button
                          type="button"
                          onClick={() => goTo(row.step)}
                          className="text-sm font-medium text-teal-800 underline hover:text-teal-950"
                        >
                          Change<span className="sr-only"> {row.term.toLowerCase()}</span>
                        </button>
                      </dd>
                    </div>
                  ))}
                </dl>
                {form.processing ? (
                  <UploadProgress progress={form.progress} className="mt-4" />
                ) : null}
              </section>
            </div>
          ) : null}

          <div className="mt-8 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
            {step > 0 ? (
              <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={form.processing}>
                Back
              </Button>
            ) : null}
            {step < LAST ? (
              <Button type="submit" disabled={step === 0 && checking}>
                {step === 0 && checking ? 'Checking the PDF…' : `Next: ${STEPS[step + 1].title}`}
              </Button>
            ) : (
              <Button type="submit" disabled={form.processing}>
                {form.processing ? 'Publishing…' : 'Publish'}
              </Button>
            )}
          </div>
        </Card>
      </form>
    </AdminShell>
  )
}
