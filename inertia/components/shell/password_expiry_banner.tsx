import { Link } from '@inertiajs/react'
import { useState } from 'react'
import { Icon } from '~/components/icons'
import {
  PASSWORD_BANNER_STORAGE_KEY,
  daysUntilPasswordExpiry,
  passwordExpiryMessage,
  shouldWarnAboutPasswordExpiry,
} from '@shared/password_expiry'

function dismissedInThisBrowser() {
  try {
    return window.localStorage.getItem(PASSWORD_BANNER_STORAGE_KEY) === 'true'
  } catch {
    return false
  }
}

function rememberDismissal() {
  try {
    window.localStorage.setItem(PASSWORD_BANNER_STORAGE_KEY, 'true')
  } catch {
    // Storage may be blocked; the banner then hides for this page only.
  }
}

/**
 * Warns when the password expires within 14 days, until dismissed in this browser.
 */
export function PasswordExpiryBanner({ passwordChangedAt }: { passwordChangedAt: string }) {
  const daysLeft = daysUntilPasswordExpiry(passwordChangedAt)
  const [visible, setVisible] = useState(
    () => shouldWarnAboutPasswordExpiry(daysLeft) && !dismissedInThisBrowser()
  )

  if (!visible) return null
  const hide = () => {
    rememberDismissal()
    setVisible(false)
  }
  return (
    <div
      role="status"
      data-testid="password-expiry-banner"
      className="border-b border-amber-200 bg-amber-50"
    >
      <div className="mx-auto flex max-w-screen-2xl flex-wrap items-center gap-3 px-4 py-2 text-sm text-amber-900 sm:px-6">
        <Icon name="warning" className="h-5 w-5 shrink-0" />
        <span className="font-medium">{passwordExpiryMessage(daysLeft)}</span>
        <Link
          href="/user/profile#update-password"
          onClick={hide}
          className="rounded-md bg-amber-600 px-3 py-1 text-xs font-semibold text-white hover:bg-amber-700"
        >
          Change my password
        </Link>
        <button
          type="button"
          aria-label="Dismiss"
          onClick={hide}
          className="ml-auto rounded p-1 hover:bg-amber-100"
        >
          <Icon name="close" className="h-4 w-4" />
        </button>
      </div>
    </div>
  )
}
