import { test } from '@japa/runner'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  checkedZipEntries,
  listZipEntries,
  readZipEntry,
  unsafeEntryName,
  ZipArchiveError,
  type ZipEntry,
  type ZipLimits,
} from '#services/files/zip_reader'
import { ZipWriter } from '#services/files/zip_writer'
import { crc32, deflateRawSync } from 'node:zlib'
import { assemble, deflated } from '#tests/helpers/zip'

const MB = 1024 * 1024
const LIMITS: ZipLimits = { maxEntries: 1000, maxEntryBytes: 25 * MB, maxTotalBytes: 512 * MB }

const names = (entries: ZipEntry[]) => entries.map((entry) => entry.name)

test.group('ZIP reader', (group) => {
  let directory = ''
  let counter = 0

  group.setup(async () => {
    const root = fileURLToPath(new URL('../../tmp/', import.meta.url))
    await mkdir(root, { recursive: true })
    directory = await mkdtemp(join(root, 'zip-reader-'))
    return () => rm(directory, { recursive: true, force: true })
  })

  async function archive(bytes: Buffer) {
    const path = join(directory, `archive_${++counter}.zip`)
    await writeFile(path, bytes)
    return path
  }

  /** The message of the ZipArchiveError a promise rejects with. */
  async function refusal(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught
    )
    if (!(error instanceof ZipArchiveError)) {
      throw new Error(`Expected a ZipArchiveError, got ${String(error)}`)
    }
    return error.message
  }

  test('an archive from the writer round-trips', async ({ assert }) => {
    const path = join(directory, 'written.zip')
    const writer = new ZipWriter(path)
    const first = Buffer.from('%PDF-1.7 first report')
    const second = Buffer.alloc(100_000, 'x')
    await writer.add('reports/first.pdf', first)
    await writer.add('second.pdf', second)
    await writer.close()

    const entries = await checkedZipEntries(path, LIMITS)
    assert.deepEqual(
      entries.map(({ name, method, size, directory: folder }) => ({ name, method, size, folder })),
      [
        { name: 'reports/first.pdf', method: 0, size: first.length, folder: false },
        { name: 'second.pdf', method: 0, size: second.length, folder: false },
      ]
    )
    assert.deepEqual(await readZipEntry(path, entries[0]), first)
    assert.deepEqual(await readZipEntry(path, entries[1]), second)
  })

  test('stored and deflated entries round-trip; directories are listed but not returned', async ({
    assert,
  }) => {
    const text = Buffer.from('A research note. '.repeat(5000))
    const path = await archive(
      assemble([
        { name: 'notes/' },
        deflated('notes/deflated.pdf', text),
        { name: 'notes/stored.pdf', data: Buffer.from('stored bytes') },
        deflated('empty.pdf', Buffer.alloc(0)),
      ])
    )
    const listed = await listZipEntries(path)
    assert.deepEqual(
      listed.map((entry) => [entry.name, entry.directory]),
      [
        ['notes/', true],
        ['notes/deflated.pdf', false],
        ['notes/stored.pdf', false],
        ['empty.pdf', false],
      ]
    )
    const files = await checkedZipEntries(path, LIMITS)
    assert.deepEqual(names(files), ['notes/deflated.pdf', 'notes/stored.pdf', 'empty.pdf'])
    assert.equal(files[0].method, 8)
    assert.isBelow(files[0].compressedSize, text.length)
    assert.deepEqual(await readZipEntry(path, files[0]), text)
    const stored = await readZipEntry(path, files[1])
    assert.equal(stored.toString(), 'stored bytes')
    assert.lengthOf(await readZipEntry(path, files[2]), 0)
  })

  test('names pointing outside the archive are refused', async ({ assert }) => {
    const cases: [string, RegExp][] = [
      ['../x.pdf', /pointing outside the archive/],
      ['/etc/passwd', /an absolute path/],
      ['a/../../b.pdf', /pointing outside the archive/],
      ['..\\x.pdf', /pointing outside the archive/],
      ['\\x.pdf', /an absolute path/],
      ['C:x.pdf', /drive letter/],
      ['c:/windows/x.pdf', /drive letter/],
    ]
    for (const [name, reason] of cases) {
      const path = await archive(
        assemble([{ name: 'fine.pdf', data: Buffer.from('ok') }, { name }])
      )
      const message = await refusal(checkedZipEntries(path, LIMITS))
      assert.include(message, `The archive holds “${name}”, `)
      assert.match(message, reason)
      assert.match(message, /nothing was imported\.$/)
    }
    assert.equal(
      await refusal(
        checkedZipEntries(await archive(assemble([{ name: '../../etc/passwd' }])), LIMITS)
      ),
      'The archive holds “../../etc/passwd”, a name pointing outside the archive; nothing was imported.'
    )
  })

  test('unsafeEntryName', ({ assert }) => {
    assert.isNull(unsafeEntryName('report.pdf'))
    assert.isNull(unsafeEntryName('2024/Q1/report..final.pdf'))
    assert.isNull(unsafeEntryName('ünïcödé/レポート.pdf'))
    assert.equal(unsafeEntryName(''), 'an empty name')
    assert.match(unsafeEntryName('a\u0000.pdf') ?? '', /control character/)
    assert.match(unsafeEntryName('a\n.pdf') ?? '', /control character/)
    assert.match(unsafeEntryName(`${'é'.repeat(128)}.pdf`) ?? '', /longer than 255 bytes/)
    assert.isNull(unsafeEntryName(`${'a'.repeat(251)}.pdf`))
    assert.match(unsafeEntryName('a\\..\\..\\b.pdf') ?? '', /outside the archive/)
    assert.match(unsafeEntryName('..') ?? '', /outside the archive/)
  })

  test('a control character in a name is refused and not echoed', async ({ assert }) => {
    const path = await archive(assemble([{ name: 'a\u001b[31m.pdf', data: Buffer.from('x') }]))
    const message = await refusal(checkedZipEntries(path, LIMITS))
    assert.equal(
      message,
      'The archive holds “a?[31m.pdf”, a name holding a control character; nothing was imported.'
    )
  })

  test('a ratio bomb is refused from the directory, before anything is inflated', async ({
    assert,
  }) => {
    // The data is not even deflate: only the declared sizes are read.
    const path = await archive(
      assemble([
        { name: 'report.pdf', data: Buffer.alloc(1024, 0xff), method: 8, size: 900 * MB, crc: 1 },
      ])
    )
    assert.equal(
      await refusal(checkedZipEntries(path, LIMITS)),
      '“report.pdf” unpacks to 900 MB from 1 KB: the archive looks built to exhaust the server (a ZIP bomb); nothing was imported.'
    )
    // Under 1 MB, or under the ratio, a high ratio is only compression.
    const zeros = await archive(assemble([deflated('zeros.pdf', Buffer.alloc(MB))]))
    assert.lengthOf(await checkedZipEntries(zeros, LIMITS), 1)
    const loose = await archive(assemble([deflated('zeros.pdf', Buffer.alloc(4 * MB))]))
    assert.lengthOf(await checkedZipEntries(loose, { ...LIMITS, maxRatio: 10_000 }), 1)
    assert.match(await refusal(checkedZipEntries(loose, LIMITS)), /a ZIP bomb/)
  })

  test('data inflating to more than declared is refused by readZipEntry', async ({ assert }) => {
    const content = Buffer.alloc(2 * MB)
    const path = await archive(
      assemble([{ ...deflated('zeros.pdf', content), size: 1024, crc: crc32(content) }])
    )
    const [entry] = await checkedZipEntries(path, LIMITS)
    assert.equal(entry.size, 1024)
    const before = process.memoryUsage().arrayBuffers
    assert.equal(
      await refusal(readZipEntry(path, entry)),
      '“zeros.pdf” unpacks to more than the 1 KB the archive declares: the archive is damaged or built to exhaust the server; nothing was imported.'
    )
    assert.isBelow(process.memoryUsage().arrayBuffers - before, MB)
  })

  test('data inflating to less than declared, or stored with another size, is refused', async ({
    assert,
  }) => {
    const content = Buffer.from('short')
    const path = await archive(
      assemble([
        { ...deflated('short.pdf', content), size: 10 },
        { name: 'stored.pdf', data: content, size: 6 },
      ])
    )
    const [short, stored] = await checkedZipEntries(path, LIMITS)
    assert.match(await refusal(readZipEntry(path, short)), /unpacks to less than/)
    assert.match(await refusal(readZipEntry(path, stored)), /stored with a size other/)
  })

  test('a CRC mismatch is refused', async ({ assert }) => {
    const content = Buffer.from('%PDF-1.7 genuine')
    const path = await archive(
      assemble([
        { ...deflated('deflated.pdf', content), crc: crc32('%PDF-1.7 tampered') },
        { name: 'stored.pdf', data: content, crc: 12345 },
      ])
    )
    for (const entry of await checkedZipEntries(path, LIMITS)) {
      assert.equal(
        await refusal(readZipEntry(path, entry)),
        `The archive is damaged (“${entry.name}” does not match its checksum); create it again and upload it.`
      )
    }
  })

  test('damaged deflate data and a wrong local header are refused', async ({ assert }) => {
    const content = Buffer.from('x'.repeat(10_000))
    const truncated = deflateRawSync(content).subarray(0, 5)
    const path = await archive(
      assemble([
        { name: 'cut.pdf', data: truncated, method: 8, size: content.length, crc: crc32(content) },
        { name: 'moved.pdf', data: Buffer.from('x'), badLocalSignature: true },
      ])
    )
    const [cut, moved] = await listZipEntries(path)
    assert.match(await refusal(readZipEntry(path, cut)), /“cut.pdf” cannot be unpacked/)
    assert.match(await refusal(readZipEntry(path, moved)), /“moved.pdf” is not where/)
    assert.match(await refusal(checkedZipEntries(path, LIMITS)), /“moved.pdf” is not where/)
  })

  test('entries sharing bytes are refused', async ({ assert }) => {
    const content = Buffer.alloc(500_000, 'a')
    const shared = await archive(
      assemble([deflated('one.pdf', content), { ...deflated('two.pdf', content), sameLocalAs: 0 }])
    )
    assert.equal(
      await refusal(checkedZipEntries(shared, LIMITS)),
      '“two.pdf” shares its bytes with “one.pdf”: the archive looks built to exhaust the server (a ZIP bomb); nothing was imported.'
    )

    // An entry whose declared data runs over the next entry's header.
    const overlapping = assemble([
      { name: 'one.pdf', data: Buffer.from('one') },
      { name: 'two.pdf', data: Buffer.from('two') },
    ])
    const directoryStart = overlapping.readUInt32LE(overlapping.length - 22 + 16)
    overlapping.writeUInt32LE(40, directoryStart + 20) // one.pdf's compressed size
    overlapping.writeUInt32LE(40, directoryStart + 24)
    assert.match(
      await refusal(checkedZipEntries(await archive(overlapping), LIMITS)),
      /“two.pdf” shares its bytes with “one.pdf”/
    )

    // The last entry's data running into the central directory.
    const long = assemble([{ name: 'one.pdf', data: Buffer.from('one') }])
    const start = long.readUInt32LE(long.length - 22 + 16)
    long.writeUInt32LE(20, start + 20)
    long.writeUInt32LE(20, start + 24)
    assert.match(
      await refusal(checkedZipEntries(await archive(long), LIMITS)),
      /“one.pdf” runs into the archive’s list of files/
    )
  })

  test('encrypted entries and unknown methods are refused', async ({ assert }) => {
    const encrypted = await archive(
      assemble([{ name: 'x.pdf', data: Buffer.from('secret'), flags: 0x0801 }])
    )
    assert.equal(
      await refusal(checkedZipEntries(encrypted, LIMITS)),
      'The archive is encrypted (“x.pdf”); upload it without a password.'
    )
    const [entry] = await listZipEntries(encrypted)
    assert.isTrue(entry.encrypted)
    assert.match(await refusal(readZipEntry(encrypted, entry)), /encrypted/)

    const bzip = await archive(assemble([{ name: 'x.pdf', data: Buffer.from('BZh9'), method: 12 }]))
    assert.match(await refusal(checkedZipEntries(bzip, LIMITS)), /“x.pdf” .*\(method 12\)/)
  })

  test('a file that is not a ZIP is refused', async ({ assert }) => {
    for (const bytes of [
      Buffer.alloc(0),
      Buffer.from('%PDF-1.7 not an archive'),
      Buffer.alloc(200_000, 7),
    ]) {
      const path = await archive(bytes)
      assert.equal(await refusal(listZipEntries(path)), 'The file is not a ZIP archive.')
      assert.equal(await refusal(checkedZipEntries(path, LIMITS)), 'The file is not a ZIP archive.')
    }
  })

  test('a damaged or ZIP64 directory is refused', async ({ assert }) => {
    const good = assemble([
      { name: 'a.pdf', data: Buffer.from('a') },
      { name: 'b.pdf', data: Buffer.from('b') },
    ])
    const start = good.readUInt32LE(good.length - 22 + 16)

    const badSignature = Buffer.from(good)
    badSignature.writeUInt32LE(0x02014b51, start + 46 + 5)
    assert.match(await refusal(listZipEntries(await archive(badSignature))), /damaged/)

    const outOfBounds = Buffer.from(good)
    outOfBounds.writeUInt32LE(10_000, outOfBounds.length - 22 + 16)
    assert.match(await refusal(listZipEntries(await archive(outOfBounds))), /damaged/)

    const tooFew = assemble(
      [
        { name: 'a.pdf', data: Buffer.from('a') },
        { name: 'b.pdf', data: Buffer.from('b') },
      ],
      { count: 1 }
    )
    assert.match(await refusal(listZipEntries(await archive(tooFew))), /damaged/)

    assert.match(
      await refusal(listZipEntries(await archive(good), { maxDirectoryBytes: 64 })),
      /list of files is larger than 64 bytes/
    )

    const zip64 = Buffer.from(good)
    zip64.writeUInt32LE(0xffffffff, start + 24)
    assert.match(await refusal(listZipEntries(await archive(zip64))), /ZIP64/)
    const manyEntries = Buffer.from(good)
    manyEntries.writeUInt16LE(0xffff, manyEntries.length - 22 + 10)
    assert.match(await refusal(listZipEntries(await archive(manyEntries))), /ZIP64/)

    // Lenient, the listing keeps a ZIP64 size as read and stops at a damaged entry.
    const lenient = await listZipEntries(await archive(zip64), { lenient: true })
    assert.equal(lenient[0].size, 0xffffffff)
    const partial = await listZipEntries(await archive(badSignature), { lenient: true })
    assert.deepEqual(names(partial), ['a.pdf'])
  })

  test('an end record with a comment, and a signature inside it, is found', async ({ assert }) => {
    const bytes = assemble([{ name: 'a.pdf', data: Buffer.from('a') }])
    const comment = Buffer.concat([Buffer.from('see PK'), Buffer.from([5, 6]), Buffer.alloc(30)])
    bytes.writeUInt16LE(comment.length, bytes.length - 2)
    const path = await archive(Buffer.concat([bytes, comment]))
    assert.deepEqual(names(await checkedZipEntries(path, LIMITS)), ['a.pdf'])
  })

  test('too many files, a file too large and too large a total are refused', async ({ assert }) => {
    const three = await archive(
      assemble([
        { name: 'folder/' },
        { name: 'folder/a.pdf', data: Buffer.from('a') },
        { name: 'b.pdf', data: Buffer.from('b') },
        { name: 'c.pdf', data: Buffer.from('c') },
      ])
    )
    assert.lengthOf(await checkedZipEntries(three, { ...LIMITS, maxEntries: 3 }), 3)
    assert.equal(
      await refusal(checkedZipEntries(three, { ...LIMITS, maxEntries: 2 })),
      'The archive holds 3 files, more than the 2 allowed; split it into smaller archives.'
    )

    const big = await archive(
      assemble([
        { name: 'a.pdf', data: Buffer.alloc(3000, 1) },
        { name: 'b.pdf', data: Buffer.alloc(3000, 2) },
      ])
    )
    assert.equal(
      await refusal(checkedZipEntries(big, { ...LIMITS, maxEntryBytes: 2048 })),
      '“a.pdf” unpacks to 3 KB, more than the 2 KB a file may be; nothing was imported.'
    )
    assert.equal(
      await refusal(checkedZipEntries(big, { ...LIMITS, maxTotalBytes: 5000 })),
      'The archive unpacks to 6 KB, more than the 5 KB allowed; nothing was imported.'
    )
  })

  test('duplicate names are refused', async ({ assert }) => {
    const twice = await archive(
      assemble([
        { name: 'a.pdf', data: Buffer.from('one') },
        { name: 'a.pdf', data: Buffer.from('two') },
      ])
    )
    assert.equal(
      await refusal(checkedZipEntries(twice, LIMITS)),
      'The archive holds “a.pdf” twice; nothing was imported.'
    )
    const slashes = await archive(
      assemble([
        { name: 'x/a.pdf', data: Buffer.from('one') },
        { name: 'x\\a.pdf', data: Buffer.from('two') },
      ])
    )
    assert.match(await refusal(checkedZipEntries(slashes, LIMITS)), /twice/)
  })

  test('macOS clutter is dropped', async ({ assert }) => {
    const path = await archive(
      assemble([
        { name: 'reports/' },
        { name: 'reports/a.pdf', data: Buffer.from('a') },
        { name: '__MACOSX/' },
        { name: '__MACOSX/reports/._a.pdf', data: Buffer.from('resource fork') },
        { name: '.DS_Store', data: Buffer.from('finder') },
        { name: 'reports/.DS_Store', data: Buffer.from('finder') },
      ])
    )
    assert.deepEqual(names(await checkedZipEntries(path, { ...LIMITS, maxEntries: 1 })), [
      'reports/a.pdf',
    ])
  })
})
