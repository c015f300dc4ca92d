import { useMemo } from 'react'
import { useSharedProps } from '~/hooks/use_shared_props'
import {
  DEFAULT_LOCALE,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatMonth,
} from '@shared/dates'

/**
 * The reader's date formats (`shared/dates.ts`), in the locale the server read from their
 * browser: every client page writes its dates through these.
 */
export function useDates() {
  const { locale } = useSharedProps()
  const current = typeof locale === 'string' && locale ? locale : DEFAULT_LOCALE
  return useMemo(
    () => ({
      locale: current,
      date: (value: string | Date) => formatDate(value, current),
      /** A date that may be missing: the dash stands in. */
      optionalDate: (value: string | Date | null | undefined) =>
        value ? formatDate(value, current) : '—',
      dateTime: (value: string | Date) => formatDateTime(value, current),
      range: (start: string, end: string) => formatDateRange(start, end, current),
      month: (value: string) => formatMonth(value, current),
    }),
    [current]
  )
}

export type DateFormats = ReturnType<typeof useDates>
