import { MODULES, type ModuleName } from './modules.js'

/**
 * Insights Reports: the service's own studies, published as PDFs to client teams. Shared by the
 * server (services/insights) and the pages (client list and viewer, admin wizard and notify
 * list), so that both speak of the same access types, statuses and limits.
 */

export const REPORT_ACCESS_TYPES = ['all_clients', 'product_holders', 'selected_teams'] as const
export type ReportAccessType = (typeof REPORT_ACCESS_TYPES)[number]

export const REPORT_ACCESS_LABELS: Record<ReportAccessType, string> = {
  all_clients: 'All client teams',
  product_holders: 'Teams holding a product',
  selected_teams: 'Selected teams (private)',
}

/** The products a "teams holding a product" report can be limited to (a module each). */
export const REPORT_PRODUCT_MODULES: { module: ModuleName; title: string }[] = [
  { module: MODULES.rsaBudgets, title: 'Research Spend Analytics' },
  { module: MODULES.trendingThemes, title: 'Research Insights' },
  { module: MODULES.marketDataContracts, title: 'Market Data' },
  { module: MODULES.alternativeData, title: 'Alternative Data' },
  { module: MODULES.analystMapping, title: 'Providers' },
]

export const REPORT_STATUSES = ['published', 'withdrawn'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

/** Upload limits: PDFs only, checked by their content, at most this size. */
export const REPORT_MAX_FILE_MB = 20
export const REPORT_TITLE_MAX = 200
export const REPORT_SUMMARY_MAX = 500
export const REPORT_FILE_NAME_MAX = 120
export const REPORT_MAX_TAGS = 8
export const REPORT_AUTHOR_MAX = 120
export const TAXONOMY_NAME_MIN = 2
export const TAXONOMY_NAME_MAX = 80

/** The client list's page size. */
export const REPORTS_PER_PAGE = 24

/**
 * A report counts as unread only when it was published at most this many days before the user
 * joined (DOMAIN §3A): a new user is not greeted with the whole back catalogue as unread.
 */
export const UNREAD_LOOKBACK_DAYS = 90

/** The badge's text: the count up to nine, "9+" above. */
export function unreadBadgeText(count: number) {
  return count > 9 ? '9+' : String(count)
}

/**
 * A file name suggested from a title: lower case words joined by hyphens, ASCII letters and
 * digits only, with the .pdf extension.
 */
export function suggestFileName(title: string) {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, REPORT_FILE_NAME_MAX - 4)
    .replace(/-+$/g, '')
  return `${base || 'report'}.pdf`
}

export interface TaxonomyOption {
  id: number
  name: string
}

/** A report as a client sees it in the list (spec §3 fields plus what the list shows). */
export interface ReportCard {
  id: number
  title: string
  summary: string | null
  /** spec §3 file_name */
  fileName: string
  /** spec §3 insights_category */
  insightsCategory: string
  categoryId: number
  /** spec §3 insights_tag: the tags' names, comma separated (null when none) */
  insightsTag: string | null
  tags: TaxonomyOption[]
  /** spec §3 created_at: when the report was published */
  createdAt: string
  pageCount: number | null
  version: number
  /** spec §3 user_has_read */
  userHasRead: boolean
  /** Counted by the unread badge (unread and inside the look-back window). */
  unread: boolean
  /** spec §3 is_private: published to selected teams only */
  isPrivate: boolean
}

export interface ReportListFilters {
  categoryId: number | null
  tagId: number | null
  year: number | null
  search: string
  page: number
}

export interface ReportListProps {
  reports: ReportCard[]
  filters: ReportListFilters
  /** Filter values from the address that the page does not know, dropped with a notice. */
  ignoredFilters: string[]
  pagination: { page: number; perPage: number; total: number; lastPage: number }
  /** A page the address asked for that the list could not show (shared/list_page.ts). */
  pageNotice: string | null
  options: { categories: TaxonomyOption[]; tags: TaxonomyOption[]; years: number[] }
  unreadCount: number
}

export interface ReportViewProps {
  report: ReportCard & {
    fileUrl: string
    downloadUrl: string
    updatedAt: string | null
    fileSize: number | null
  }
  related: ReportCard[]
  /** The user's unread count after this visit marked the report read (the top bar takes it). */
  unreadCount: number
}

// ── Administration ──────────────────────────────────────────────────────────────────────────

export interface AdminReportRow {
  id: number
  title: string
  fileName: string
  category: string
  tags: string[]
  accessType: ReportAccessType
  accessLabel: string
  status: ReportStatus
  version: number
  publishedAt: string
  pageCount: number | null
  /** Users who may see it now (active members of entitled teams). */
  audience: number
  notified: number
  readers: number
  /** readers who were notified ÷ notified, 0–1; null before anyone is notified */
  openRate: number | null
  /** Median hours from notification (else publication) to first read; null without reads. */
  medianHoursToFirstRead: number | null
  downloads: number
}

export const ADMIN_REPORTS_PER_PAGE = 50

export interface AdminReportsListProps {
  reports: AdminReportRow[]
  filters: { search: string; status: ReportStatus | 'all'; categoryId: number | null }
  pagination: { page: number; perPage: number; total: number; lastPage: number }
  /** A filter in the address that was not understood, dropped with this notice. */
  notice: string | null
  /** A page the address asked for that the list could not show (shared/list_page.ts). */
  pageNotice: string | null
  options: { categories: TaxonomyOption[] }
  totals: { reports: number; published: number; withdrawn: number }
}

export interface TeamOption {
  id: number
  name: string
  /** Whether the team holds the insights-reports module (a report reaches only those). */
  hasModule: boolean
}

export interface ReportFormOptions {
  categories: TaxonomyOption[]
  tags: TaxonomyOption[]
  teams: TeamOption[]
  products: { module: ModuleName; title: string }[]
  maxFileMb: number
}

export interface AdminWizardProps {
  options: ReportFormOptions
}

export const NOTIFY_GROUPS = [
  'not_notified',
  'admins',
  'already_notified',
  'unsubscribed',
  'unverified',
] as const
export type NotifyGroup = (typeof NOTIFY_GROUPS)[number]

export const NOTIFY_GROUP_LABELS: Record<NotifyGroup, string> = {
  not_notified: 'Not yet notified',
  admins: 'Administrators',
  already_notified: 'Already notified',
  unsubscribed: 'Disabled (not subscribed)',
  unverified: 'Unverified email',
}

export const NOTIFICATION_STATUSES = [
  'queued',
  'sending',
  'sent',
  'failed',
  'skipped_unverified',
  'skipped_unsubscribed',
  'skipped_no_access',
] as const
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number]

export const NOTIFICATION_STATUS_LABELS: Record<NotificationStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped_unverified: 'Skipped: email not verified',
  skipped_unsubscribed: 'Skipped: not subscribed',
  skipped_no_access: 'Skipped: can no longer see the report',
}

export interface NotifyUser {
  id: number
  name: string
  email: string
  teams: string[]
  group: NotifyGroup
  /** Whether the user can be put on the send list. */
  selectable: boolean
  /** The latest notification for this version, when there is one. */
  status: NotificationStatus | null
  notifiedAt: string | null
  /** Whether the user has opened the report. */
  hasRead: boolean
}

/** Whether a user of the notify list matches what was typed in its search box. */
export function notifyUserMatches(user: NotifyUser, query: string) {
  const needle = query.trim().toLowerCase()
  return (
    !needle ||
    user.name.toLowerCase().includes(needle) ||
    user.email.toLowerCase().includes(needle) ||
    user.teams.some((team) => team.toLowerCase().includes(needle))
  )
}

/**
 * The users "Select all not yet notified" puts on the send list: those not yet notified of the
 * version, among the users the search shows (never one the search hides).
 */
export function notYetNotifiedShown(users: NotifyUser[], query: string) {
  return users.filter(
    (user) => user.group === 'not_notified' && user.selectable && notifyUserMatches(user, query)
  )
}

export interface AdminReportDetailProps {
  report: AdminReportRow & {
    summary: string | null
    categoryId: number
    tagIds: number[]
    accessModule: ModuleName | null
    teamIds: number[]
    fileUrl: string
    fileSize: number | null
    updatedAt: string | null
    author: string | null
  }
  options: ReportFormOptions
  notify: {
    version: number
    users: NotifyUser[]
    counts: Record<NotifyGroup, number>
  }
  analytics: {
    /** Cumulative unique readers by days since publication (0…N). */
    cumulativeReads: { day: number; readers: number }[]
    readers: {
      id: number
      name: string
      email: string
      firstReadAt: string
      lastReadAt: string
      readCount: number
    }[]
  }
  versions: { version: number; fileName: string; uploadedAt: string; uploadedBy: string | null }[]
}

export interface AdminTaxonomyProps {
  categories: (TaxonomyOption & { reports: number })[]
  tags: (TaxonomyOption & { reports: number })[]
}
