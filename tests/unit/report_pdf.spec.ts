import { test } from '@japa/runner'
import { renderReportPdf, type ReportDocument } from '#services/pdf/report_pdf'
import { compactNumber, niceTicks } from '#services/pdf/charts'
import { winAnsiText } from '#services/pdf/text'
import { pdfInfo, pdfPageCount, pdfPagesText, pdfText } from '#tests/helpers/pdf_text'
import { committeePack } from '#tests/fixtures/report_document'

function longTable(rows: number): ReportDocument {
  return {
    title: 'Payments',
    generatedAt: '2026-11-23T10:42:00Z',
    blocks: [
      {
        type: 'table',
        columns: [{ label: 'Provider name' }, { label: 'Amount paid', align: 'right' }],
        rows: Array.from({ length: rows }, (_, index) => [`Provider ${index + 1}`, `${index},000`]),
      },
    ],
  }
}

test.group('Report PDF', () => {
  test('is a PDF whose text holds every block', async ({ assert }) => {
    const pdf = await renderReportPdf(committeePack)
    assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-')
    const text = await pdfText(pdf)
    for (const expected of [
      'Research spend snapshot 2024',
      'Northbridge Asset Management · GBP',
      'Summary',
      'Research spend rose 6% on the year',
      '£4,820,000',
      'Total research spend',
      '12 firms in the peer group',
      'Spend (GBP)',
      'Acme Equity Research',
      '610,500',
      '2,205,500',
      'Spend by category',
      '2.45M',
      'Change against last year',
      '-3.2%',
      'Where you stand among peers',
      'n/a',
      'Budgets approved by the committee',
      'Due before the Q1 close',
      'Generated 23 Nov 2026 10:42 UTC',
      'Peer figures from >= 5 other firms; confidential',
    ]) {
      assert.include(text, expected)
    }
  })

  test('carries the title, author, subject and generation time in its metadata', async ({
    assert,
  }) => {
    const info = await pdfInfo(await renderReportPdf(committeePack))
    assert.equal(info.Title, 'Research spend snapshot 2024')
    assert.equal(info.Author, 'Spendlens')
    assert.equal(info.Subject, 'Northbridge Asset Management · GBP')
    assert.equal(info.CreationDate, 'D:20261123104217Z')
  })

  test('gives the same bytes for the same document', async ({ assert }) => {
    const first = await renderReportPdf(committeePack)
    const second = await renderReportPdf(structuredClone(committeePack))
    assert.isTrue(first.equals(second))
  })

  test('continues a long table on the next pages with its header repeated', async ({ assert }) => {
    const pdf = await renderReportPdf(longTable(120))
    const pages = await pdfPagesText(pdf)
    assert.isAbove(pages.length, 2)
    assert.equal(await pdfPageCount(pdf), pages.length)
    for (const [index, page] of pages.entries()) {
      assert.include(page, 'Provider name', `page ${index + 1}`)
      assert.include(page, 'Amount paid', `page ${index + 1}`)
      assert.include(page, `Page ${index + 1} of ${pages.length}`)
      assert.include(page, 'Generated 23 Nov 2026 10:42 UTC')
    }
    const text = pages.join('\n')
    for (const row of [1, 60, 120]) {
      assert.match(text, new RegExp(`^Provider ${row} ${row - 1},000$`, 'm'))
    }
  })

  test('keeps a chart whole on the next page rather than splitting it', async ({ assert }) => {
    const chart = committeePack.blocks.find((block) => block.type === 'barChart')!
    const pages = await pdfPagesText(
      await renderReportPdf({ ...longTable(40), blocks: [...longTable(40).blocks, chart] })
    )
    assert.lengthOf(pages, 2)
    assert.include(pages[1], 'Spend by category')
    assert.include(pages[1], 'Expert networks')
  })

  test('survives hostile text: emoji, CJK, endless words and odd numbers', async ({ assert }) => {
    const endless = 'Bloomberg'.repeat(300)
    const pdf = await renderReportPdf({
      title: 'Spend 😀 报告 ✓ Łódź',
      subtitle: '👨‍👩‍👧 family\u0000\tcontrol',
      generatedAt: '2026-11-23T10:42:00Z',
      footerNote: 'x'.repeat(2000),
      blocks: [
        { type: 'heading', text: endless },
        { type: 'paragraph', text: `${endless} 北京 🚀` },
        { type: 'metrics', items: [{ label: endless, value: '9'.repeat(200), hint: '🙂' }] },
        {
          type: 'table',
          columns: [
            { label: 'Provider', width: 5000 },
            { label: 'Amount', align: 'right' },
          ],
          rows: [[endless, '1'], ['short'], ['a', 'b', 'c']],
        },
        { type: 'table', columns: [{ label: 'Nothing here' }], rows: [] },
        { type: 'table', columns: [], rows: [] },
        {
          type: 'barChart',
          title: endless,
          bars: [
            { label: endless, value: 0 },
            { label: 'minus', value: -1e20 },
            { label: 'not a number', value: Number.NaN },
          ],
        },
        { type: 'barChart', title: 'Nothing', bars: [] },
        { type: 'barChart', title: 'All zero', bars: [{ label: 'z', value: 0 }] },
        {
          type: 'barChart',
          title: 'Many bars',
          bars: Array.from({ length: 80 }, (_, index) => ({ label: `Bar ${index}`, value: index })),
        },
        {
          type: 'rangeChart',
          title: 'Only gaps',
          rows: [{ label: '中文', p25: null, median: 5, p75: null, you: null }],
        },
        { type: 'rangeChart', title: 'Empty', rows: [] },
        { type: 'metrics', items: [] },
        { type: 'checklist', items: [{ label: endless, done: true, note: '✅ done' }] },
      ],
    })
    const text = await pdfText(pdf)
    assert.include(text, 'Spend ? ?? ? Lódz')
    assert.match(text, /^\? family control$/m)
    assert.include(text, 'No rows')
    assert.include(text, 'No data')
    assert.include(text, 'more not shown')
    assert.include(text, 'Bloomberg…')
  })

  test('a range chart row with a median but no quartiles still draws; only an empty one says n/a', async ({
    assert,
  }) => {
    const pdf = await renderReportPdf({
      title: 'Prices',
      generatedAt: '2026-11-23T10:42:00Z',
      blocks: [
        {
          type: 'rangeChart',
          title: 'Price against peers',
          format: 'currency',
          rows: [
            { label: 'Median only', p25: null, median: 214_000, p75: null, you: 297_000 },
            { label: 'With quartiles', p25: 150_000, median: 170_000, p75: 190_000, you: 189_000 },
            { label: 'Nothing known', p25: null, median: null, p75: null, you: 50_000 },
          ],
        },
      ],
    })
    const text = await pdfText(pdf)
    const lines = text.split('\n')
    // One "n/a" only, for the row with neither a range nor a median.
    assert.lengthOf(
      lines.filter((line) => line.includes('n/a')),
      1
    )
    // The value axis is drawn (its ticks are labelled) since a row has a median.
    assert.isTrue(lines.some((line) => /\b(100k|200k|300k)\b/.test(line)))
  })

  test('refuses a generation time that is not a date', async ({ assert }) => {
    await assert.rejects(
      () => renderReportPdf({ ...committeePack, generatedAt: 'yesterday' }),
      'generatedAt is not a date: yesterday'
    )
  })
})

test.group('Report PDF text and numbers', () => {
  test('replaces what the built-in fonts cannot show', ({ assert }) => {
    assert.equal(winAnsiText('Café £ € “x” – ok'), 'Café £ € “x” – ok')
    assert.equal(winAnsiText('≥ 5 − 2 → 3'), '>= 5 - 2 -> 3')
    assert.equal(winAnsiText('😀 中文 🇬🇧 👍🏽 ❤️ ©️ a\u200bb'), '? ?? ? ? ? © ab')
    assert.equal(winAnsiText('Kraków'), 'Kraków')
    assert.equal(winAnsiText('Gdańsk\r\nŁódź'), 'Gdansk\nLódz')
  })

  test('formats chart numbers compactly', ({ assert }) => {
    assert.equal(compactNumber(350_000), '350k')
    assert.equal(compactNumber(1_200_000), '1.2M')
    assert.equal(compactNumber(1_250_000), '1.25M')
    assert.equal(compactNumber(999_999), '1M')
    assert.equal(compactNumber(-2_500), '-2.5k')
    assert.equal(compactNumber(12.345), '12.3')
    assert.equal(compactNumber(950.4, true), '950')
    assert.equal(compactNumber(0), '0')
    assert.equal(compactNumber(-0.001), '0')
    assert.equal(compactNumber(3.2e12), '3.2T')
    assert.deepEqual(
      niceTicks([2_450_000]),
      [0, 500_000, 1_000_000, 1_500_000, 2_000_000, 2_500_000]
    )
    assert.deepEqual(niceTicks([8.5, -3.2]), [-5, -2.5, 0, 2.5, 5, 7.5, 10])
    assert.deepEqual(niceTicks([]), [0, 0.2, 0.4, 0.6, 0.8, 1])
  })
})
