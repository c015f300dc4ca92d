import { errors } from '@vinejs/vine'
import { MAX_REPORTED_ROW_ERRORS, ROW_ERROR_PREFIX } from '#shared/data_collection'

/**
 * One problem of an upload, as a validation error: `field` is `fileToUpload` for the file as a
 * whole, else a key under `rows.`; JSON callers also get where it is (sheet, row, column).
 */
export interface UploadProblem {
  field: string
  message: string
  sheet?: string
  row?: number
  column?: string
}

/**
 * The row-by-row report of a refused upload: every problem found, in the order found, up to a
 * limit (the rest are counted), with a summary first. An upload is accepted only when its report
 * is empty, so that a refused file writes nothing.
 */
export class RowReport {
  private reported: UploadProblem[] = []
  private fileProblems: UploadProblem[] = []
  private rowsWithProblems = new Set<string>()
  private total = 0

  constructor(private readonly limit = MAX_REPORTED_ROW_ERRORS) {}

  /** A problem of the file as a whole (missing sheet, wrong version…). */
  file(message: string) {
    this.fileProblems.push({ field: 'fileToUpload', message })
  }

  /** A problem of one row (of one sheet): kept while under the limit, counted after. */
  add(problem: UploadProblem) {
    this.total++
    this.rowsWithProblems.add(`${problem.sheet ?? ''}\u0000${problem.row ?? problem.field}`)
    if (this.reported.length < this.limit) this.reported.push(problem)
  }

  get hasProblems() {
    return this.fileProblems.length > 0 || this.total > 0
  }

  /** How many distinct rows have at least one problem. */
  get rowCount() {
    return this.rowsWithProblems.size
  }

  get problemCount() {
    return this.total
  }

  /**
   * Every problem: the summary (when rows have problems) and the file's problems first, then the
   * rows', then how many more were not listed.
   */
  problems(options: { summary?: string; more?: (count: number) => string } = {}) {
    const more = this.total - this.reported.length
    return [
      ...(this.total > 0 && options.summary
        ? [{ field: 'fileToUpload', message: options.summary }]
        : []),
      ...this.fileProblems,
      ...this.reported,
      ...(more > 0
        ? [
            {
              field: `${ROW_ERROR_PREFIX}more`,
              message: options.more?.(more) ?? `…and ${more} more problems.`,
            },
          ]
        : []),
    ]
  }

  /** The report as the validation error pages and JSON callers get (422). */
  toError(options: Parameters<RowReport['problems']>[0] = {}) {
    return new errors.E_VALIDATION_ERROR(
      this.problems(options).map((problem) => ({ ...problem, rule: 'dataCollection' }))
    )
  }
}

/** "1 row has" / "3 rows have" */
export function rowsHave(count: number) {
  return `${count} row${count === 1 ? ' has' : 's have'}`
}
