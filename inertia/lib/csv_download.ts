/**
 * A table as CSV text, with a byte-order mark so that spreadsheet programs read it as UTF-8.
 * Separators, quotes and line breaks are quoted; text that a spreadsheet would run as a
 * formula (starting with =, +, -, @) is neutralised with a leading apostrophe.
 */
export function csvText(matrix: { header: string[]; rows: (string | number | null)[][] }) {
  const lines = [matrix.header, ...matrix.rows].map((row) =>
    row
      .map((cell) => {
        const text = cell === null ? '' : String(cell)
        const safe = typeof cell === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text
        return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
      })
      .join(',')
  )
  return `\uFEFF${lines.join('\n')}`
}

/** Offers the CSV text as a download under `fileName`. */
export function downloadCsv(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked once the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
