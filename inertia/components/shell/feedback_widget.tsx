import { useEffect, useRef, useState } from 'react'
import axios from 'axios'
import { toast } from 'sonner'
import { api } from '~/lib/api'
import { Icon } from '~/components/icons'
import { Button } from '~/components/ui/button'
import { cn } from '~/lib/cn'
import { FEEDBACK_MAX_RATING, canSubmitFeedback } from '@shared/feedback'
import { useSharedProps } from '~/hooks/use_shared_props'

export const FEEDBACK_ERROR = 'There was an error submitting feedback'

/** Browser (tab) storage of an unsent draft: it survives a lost session and signing in again. */
export const FEEDBACK_DRAFT_KEY = 'feedbackDraft'

interface Draft {
  userId: number
  rating: number
  text: string
}

function readDraft(userId: number): Draft | null {
  try {
    const draft = JSON.parse(sessionStorage.getItem(FEEDBACK_DRAFT_KEY) ?? 'null') as Draft | null
    return draft && draft.userId === userId ? draft : null
  } catch {
    return null
  }
}

function writeDraft(draft: Draft | null) {
  try {
    if (!draft || (draft.rating === 0 && !draft.text)) sessionStorage.removeItem(FEEDBACK_DRAFT_KEY)
    else sessionStorage.setItem(FEEDBACK_DRAFT_KEY, JSON.stringify(draft))
  } catch {
    // Storage may be unavailable (private mode, quota): the form still works without it.
  }
}

/**
 * The floating feedback tab and form. Opening or closing starts from an empty form, except
 * that a draft whose sending failed (or was cut short by a lost session) comes back when the
 * form is next opened; it is cleared once sent, or when the user closes the form.
 */
export function FeedbackWidget() {
  const { user } = useSharedProps()
  const userId = user?.id ?? 0
  const [open, setOpen] = useState(false)
  const [rating, setRating] = useState(0)
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const textRef = useRef<HTMLTextAreaElement>(null)
  const tabRef = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)

  useEffect(() => {
    if (open) textRef.current?.focus()
    else if (returnFocus.current) tabRef.current?.focus()
    returnFocus.current = false
  }, [open])

  useEffect(() => {
    if (open) writeDraft({ userId, rating, text })
  }, [open, userId, rating, text])

  const reset = () => {
    setRating(0)
    setText('')
  }
  const openForm = () => {
    const draft = readDraft(userId)
    setRating(draft?.rating ?? 0)
    setText(draft?.text ?? '')
    setOpen(true)
    api
      .post('/api/analytics/events', {
        category: 'Feedback',
        action: 'open',
        route: window.location.pathname,
      })
      .catch((error) => console.error('Could not record the analytics event', error))
  }
  /** Closed by the user: the draft is discarded. */
  const closeForm = () => {
    writeDraft(null)
    reset()
    returnFocus.current = true
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
      writeDraft(null)
      toast.success(response.data.message)
    } catch (error) {
      // Signed out: the client is on its way to /login; the draft waits in the browser.
      if (axios.isAxiosError(error) && error.response?.status === 401) return
      if (axios.isCancel(error)) return
      toast.error(FEEDBACK_ERROR)
    } finally {
      setSending(false)
    }
    // Closes after success or failure; after a failure the draft stays for the next opening.
    reset()
    returnFocus.current = true
    setOpen(false)
  }

  if (!open) {
    return (
      <button
        ref={tabRef}
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
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation()
          closeForm()
        }
      }}
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
        ref={textRef}
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
