import { usePage } from '@inertiajs/react'
import type { FlashData, SharedProps } from '~/types'

export function useSharedProps() {
  return usePage<SharedProps>().props
}

export function useFlash(): FlashData {
  const page = usePage() as unknown as { flash?: FlashData }
  return page.flash ?? {}
}
