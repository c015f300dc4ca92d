import { useState } from 'react'
import { toast } from 'sonner'
import { api } from '~/lib/api'
import { Icon } from '~/components/icons'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { FEEDBACK_MAX_RATING, canSubmitFeedback } from '@shared/feedback'

export const FEEDBACK_ERROR = 'There was an error submitting feedback'

/**
 * The floating feedback tab and form. Opening or closing starts from an empty form.
 */
export function FeedbackWidget() {
  const [open, setOpen] = useState(false)
  const [rating, setRating] = useState(0)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)

  const reset = () => {
    setRating(0)
    setText('')
  }
  const openForm = () => {
    reset()
    setOpen(true)
    api
      .post('/api/analytics/events', {
        category: 'Feedback',
        action: 'open',
        route: window.location.pathname,
      })
      .catch((error) => console.error('Could not record the analytics event', error))
  }
  const closeForm = () => {
    reset()
    setOpen(false)
  }
  const submit = async () => {
    setSending(true)
    try {
      const response = await api.post<{ message: string }>('/api/submit-feedback', {
        rating,
        feedbackText: text.trim(),
        route: window.location.pathname,
      })
      toast.success(response.data.message)
    } catch {
      toast.error(FEEDBACK_ERROR)
    } finally {
      setSending(false)
      closeForm()
    }
  }

  if (!open) {
    return (
      <button
        type="button"
        onClick={openForm}
        className="fixed top-1/2 right-0 z-30 origin-bottom-right -translate-y-1/2 -rotate-90 rounded-t-md bg-brand-600 px-4 py-2 text-sm font-medium text-white shadow-lg hover:bg-brand-700"
      >
        Feedback
      </button>
    )
  }

  return (
    <section
      role="dialog"
      aria-label="Feedback"
      className="fixed right-4 bottom-4 z-40 w-[min(24rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-5 shadow-2xl"
    >
      <div className="flex items-start justify-between">
        <div>
          <h2 className="text-base font-semibold text-slate-900">Share your feedback</h2>
          <p className="text-xs text-slate-500">Tell us what works and what does not.</p>
        </div>
        <button
          type="button"
          aria-label="Close feedback"
          onClick={closeForm}
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
        >
          <Icon name="close" className="h-5 w-5" />
        </button>
      </div>
      <div role="radiogroup" aria-label="Rating" className="mt-4 flex gap-1">
        {Array.from({ length: FEEDBACK_MAX_RATING }, (_, index) => index + 1).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            aria-checked={rating === value}
            aria-label={`${value} star${value === 1 ? '' : 's'}`}
            onClick={() => setRating(rating === value ? 0 : value)}
            className={cn(
              'rounded p-0.5',
              value <= rating ? 'text-amber-500' : 'text-slate-300 hover:text-amber-300'
            )}
          >
            <Icon name="star" className={cn('h-7 w-7', value <= rating && 'fill-current')} />
          </button>
        ))}
      </div>
      <label htmlFor="feedback-text" className="sr-only">
        Your feedback
      </label>
      <textarea
        id="feedback-text"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="What would you like us to know?"
        maxLength={5000}
        className="mt-3 block min-h-[3rem] w-full resize-y rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="ghost" onClick={closeForm}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={sending || !canSubmitFeedback(rating, text)}>
          Submit
        </Button>
      </div>
    </section>
  )
}
