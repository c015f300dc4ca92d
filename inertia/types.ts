/**
 * Props every page receives (built by the server's Inertia middleware and shell transformer).
 */
export interface SharedUser {
  id: number
  name: string
  email: string
  isAdministrator: boolean
  emailVerified: boolean
  passwordChangedAt: string
  /** This session came through single sign-on: our password's expiry is not shown. */
  signedInWithSso: boolean
  shouldShowMainNavUserTour: boolean
}

export interface SharedTeam {
  teams: { id: number; name: string }[]
  current: {
    id: number
    name: string
    region: string
    currency: { id: number; code: string; name: string }
  } | null
  moduleNames: string[]
}

export interface SharedProps {
  appName: string
  routeName: string | null
  errors: Record<string, string>
  user: SharedUser | null
  team: SharedTeam | null
  permissions: string[] | null
  /** The reader's locale, from their browser's languages: dates are written in its form. */
  locale: string
  [key: string]: unknown
}

export interface FlashData {
  success?: string
  error?: string
}
