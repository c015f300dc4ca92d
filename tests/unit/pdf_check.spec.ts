import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { deflateSync } from 'node:zlib'
import { checkPdf, PROTECTED_PDF_MESSAGE, RefusedPdf } from '#services/files/pdf_check'
import {
  DEFAULT_STRUCTURE_LIMITS,
  readPdfStructure,
  type ActiveFeature,
  type FeaturePlace,
} from '#services/files/pdf_structure'
import { pdfBytes, pdfWithScript } from '#tests/helpers/insights_reports'

/** The committed fixtures (tests/fixtures/pdf/make_fixtures.sh says how they were made). */
const fixture = (name: string) => readFile(new URL(`../fixtures/pdf/${name}.pdf`, import.meta.url))

const FIXTURES: { name: string; feature: ActiveFeature; place: FeaturePlace; words: RegExp }[] = [
  {
    name: 'launch_open_action_objstm',
    feature: 'launch',
    place: 'opening action',
    words: /starts another program.*\(Launch\) in the action run when it opens/,
  },
  {
    name: 'launch_annotation_actions',
    feature: 'launch',
    place: 'annotation',
    words: /\(Launch\) in a link or annotation on a page/,
  },
  {
    name: 'javascript_page_actions',
    feature: 'javascript',
    place: 'page',
    words: /JavaScript in a page’s actions/,
  },
  {
    name: 'javascript_names_tree',
    feature: 'javascript',
    place: 'names tree',
    words: /JavaScript in the document’s names/,
  },
  {
    name: 'embedded_file_names_tree',
    feature: 'embedded-file',
    place: 'names tree',
    words: /an embedded file in the document’s names/,
  },
  {
    name: 'remote_goto_bookmark',
    feature: 'remote-goto',
    place: 'bookmarks',
    words: /a link that opens another PDF file in a bookmark/,
  },
  {
    name: 'submit_form_annotation',
    feature: 'submit-form',
    place: 'annotation',
    words: /a form that sends data to another address in a link or annotation/,
  },
  {
    name: 'rich_media_annotation',
    feature: 'rich-media',
    place: 'annotation',
    words: /rich media .* in a link or annotation on a page/,
  },
]

const options = { maxMb: 20, documentName: 'a report' }

async function refusal(bytes: Uint8Array, limits = DEFAULT_STRUCTURE_LIMITS) {
  try {
    await checkPdf(bytes, { ...options, limits })
  } catch (error) {
    if (error instanceof RefusedPdf) return error.message
    throw error
  }
  return null
}

/** A PDF written by hand: the given objects, an object stream and a catalog. */
function handWritten(objects: string[], compressed?: { dict: string; data: Uint8Array }) {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')]
  objects.forEach((body, index) => parts.push(Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`)))
  if (compressed) {
    parts.push(
      Buffer.from(`${objects.length + 1} 0 obj\n${compressed.dict}\nstream\n`),
      Buffer.from(compressed.data),
      Buffer.from('\nendstream\nendobj\n')
    )
  }
  parts.push(Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n'))
  return Buffer.concat(parts)
}

/** An object stream holding `bodies` as objects 10, 11, …, without /Type /ObjStm. */
function objectStream(bodies: string[], encode: (data: Buffer) => Buffer, filters: string) {
  let offset = 0
  const header: string[] = []
  for (const [index, body] of bodies.entries()) {
    header.push(`${10 + index} ${offset}`)
    offset += body.length + 1
  }
  const head = `${header.join(' ')}\n`
  const data = encode(Buffer.from(head + bodies.join('\n')))
  return {
    dict: `<< /N ${bodies.length} /First ${head.length} /Filter ${filters} /Length ${data.length} >>`,
    data,
  }
}

const catalog = '<< /Type /Catalog /Pages 2 0 R /OpenAction 10 0 R >>'
const pages = '<< /Type /Pages /Kids [] /Count 0 >>'

test.group('PDF check: features found by their structure', () => {
  for (const entry of FIXTURES) {
    test(`finds ${entry.feature} in ${entry.place} inside compressed object streams (${entry.name})`, async ({
      assert,
    }) => {
      const bytes = await fixture(entry.name)
      // The feature's name is nowhere in the raw bytes: only the parsed document shows it.
      assert.notMatch(
        bytes.toString('latin1'),
        /\/(Launch|JavaScript|JS|GoToR|SubmitForm|RichMedia|EmbeddedFiles)\b/
      )
      const report = readPdfStructure(bytes)
      assert.isFalse(report.encrypted)
      assert.deepInclude(report.findings, { feature: entry.feature, place: entry.place })
      const message = await refusal(bytes)
      assert.match(message ?? '', entry.words)
      assert.match(
        message ?? '',
        /which a report may not carry: export the PDF again without it\.$/
      )
    })
  }

  test('accepts a plain PDF with compressed object streams and counts its pages', async ({
    assert,
  }) => {
    const bytes = await fixture('clean')
    assert.deepEqual(readPdfStructure(bytes).findings, [])
    assert.deepEqual(await checkPdf(bytes, options), { pageCount: 1 })
    assert.deepEqual(await checkPdf(await pdfBytes(3), options), { pageCount: 3 })
  })

  test('finds a script in an uncompressed opening action', async ({ assert }) => {
    assert.match((await refusal(await pdfWithScript())) ?? '', /JavaScript in the action run/)
  })

  test('reads names written in escapes, inside an object stream that does not call itself one', async ({
    assert,
  }) => {
    const stream = objectStream(
      ['<< /S /L#61unch /F (calc.exe) >>'],
      (data) => deflateSync(data),
      '/FlateDecode'
    )
    const bytes = handWritten([catalog, pages], stream)
    assert.deepEqual(readPdfStructure(bytes).findings, [
      { feature: 'launch', place: 'opening action' },
    ])
  })

  test('decodes object streams behind several filters (ASCII85 over Flate)', async ({ assert }) => {
    const ascii85 = (data: Buffer) => {
      let out = ''
      for (let index = 0; index < data.length; index += 4) {
        const chunk = Buffer.alloc(4)
        data.copy(chunk, 0, index, index + 4)
        let value = chunk.readUInt32BE(0)
        const digits: string[] = []
        for (let digit = 0; digit < 5; digit++) {
          digits.unshift(String.fromCharCode(33 + (value % 85)))
          value = Math.floor(value / 85)
        }
        out += digits.join('').slice(0, Math.min(5, data.length - index + 1))
      }
      return Buffer.from(`${out}~>`)
    }
    const stream = objectStream(
      ['<< /S /JavaScript /JS (app.alert\\(1\\)) >>'],
      (data) => ascii85(deflateSync(data)),
      '[/ASCII85Decode /FlateDecode]'
    )
    const findings = readPdfStructure(handWritten([catalog, pages], stream)).findings
    assert.deepInclude(findings, { feature: 'javascript', place: 'opening action' })
  })

  test('refuses an object stream it cannot decode rather than skipping it', async ({ assert }) => {
    const stream = objectStream(['<< /S /Launch >>'], (data) => data, '/JBIG2Decode')
    assert.throws(
      () => readPdfStructure(handWritten([catalog, pages], stream)),
      /could not be read/
    )
  })
})

test.group('PDF check: protection', () => {
  test('refuses a PDF with only an owner password (printing disabled), like one with a password to open', async ({
    assert,
  }) => {
    const ownerOnly = await fixture('owner_password_no_print')
    const userPassword = await fixture('user_password')
    assert.isTrue(readPdfStructure(ownerOnly).encrypted)
    assert.isTrue(readPdfStructure(userPassword).encrypted)
    assert.equal(await refusal(ownerOnly), PROTECTED_PDF_MESSAGE)
    assert.equal(await refusal(userPassword), PROTECTED_PDF_MESSAGE)
  })
})

test.group('PDF check: bounded work on files made to be slow', () => {
  const tooComplex = /too large or too complex to be checked/

  test('refuses nesting deeper than any real document', async ({ assert }) => {
    const bytes = Buffer.from(`%PDF-1.7\n1 0 obj\n${'['.repeat(200_000)}\nendobj\n`)
    const started = Date.now()
    assert.match((await refusal(bytes)) ?? '', tooComplex)
    assert.isBelow(Date.now() - started, 2000)
  })

  test('refuses more objects than the limit', async ({ assert }) => {
    const bytes = Buffer.from(`%PDF-1.7\n${'1 0 obj null endobj\n'.repeat(30_000)}`)
    const limits = { ...DEFAULT_STRUCTURE_LIMITS, maxObjects: 20_000 }
    assert.match((await refusal(bytes, limits)) ?? '', tooComplex)
  })

  test('refuses strings that never end, read again and again, within a bounded time', async ({
    assert,
  }) => {
    const bytes = Buffer.from(`%PDF-1.7\n${'1 0 obj ( '.repeat(200_000)}`)
    const started = Date.now()
    assert.match((await refusal(bytes)) ?? '', tooComplex)
    assert.isBelow(Date.now() - started, 5000)
  })

  test('refuses an object stream that inflates beyond the decoded-bytes limit', async ({
    assert,
  }) => {
    const stream = objectStream(
      [`<< /Padding (${' '.repeat(4 * 1024 * 1024)}) >>`],
      (data) => deflateSync(data),
      '/FlateDecode'
    )
    const limits = { ...DEFAULT_STRUCTURE_LIMITS, maxDecodedBytes: 1024 * 1024 }
    assert.isBelow(stream.data.length, 64 * 1024)
    assert.match((await refusal(handWritten([catalog, pages], stream), limits)) ?? '', tooComplex)
  })

  test('stops when its time is up', async ({ assert }) => {
    const bytes = Buffer.from(`%PDF-1.7\n1 0 obj [${' 1'.repeat(100_000)} ]\nendobj\n`)
    const limits = { ...DEFAULT_STRUCTURE_LIMITS, timeoutMs: -1 }
    assert.match((await refusal(bytes, limits)) ?? '', tooComplex)
  })
})
