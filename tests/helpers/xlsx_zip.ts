import { createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { constants, createDeflateRaw, crc32 } from 'node:zlib'

/**
 * Writes an XLSX workbook part by part, each part's XML given as chunks and deflated as it
 * comes: hostile workbooks (a cell of 200 MB, three million rows) are made in a second or two
 * without holding them in memory. One sheet; cells are inline strings or numbers. Yield large
 * chunks (thousands of rows): each is flushed on its own.
 */

type Chunks = () => Iterable<string>

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

function columnName(index: number) {
  let name = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name
  }
  return name
}

/** A sheet row as XML: numbers as numbers, text as inline strings. */
export function rowXml(rowNumber: number, values: (string | number)[]) {
  const cells = values
    .map((value, index) => {
      const ref = `${columnName(index)}${rowNumber}`
      return typeof value === 'number'
        ? `<c r="${ref}"><v>${value}</v></c>`
        : `<c r="${ref}" t="inlineStr"><is><t>${escape(value)}</t></is></c>`
    })
    .join('')
  return `<row r="${rowNumber}">${cells}</row>`
}

/**
 * A workbook whose sheet is `rows()` (XML of `<row>` elements) and whose shared strings are
 * `sharedStrings()` (XML of `<si>` elements), with the sheet's dimension when given.
 */
export async function writeXlsx(
  path: string,
  parts: { rows: Chunks; sharedStrings?: Chunks; dimension?: string }
) {
  const out = createWriteStream(path)
  const central: Buffer[] = []
  let offset = 0
  const write = async (buffer: Buffer) => {
    offset += buffer.length
    if (!out.write(buffer)) await once(out, 'drain')
  }
  const entry = async (name: string, chunks: Iterable<string>) => {
    const nameBytes = Buffer.from(name)
    const start = offset
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    // Bit 3: sizes and CRC follow the data.
    local.writeUInt16LE(0x0008, 6)
    local.writeUInt16LE(8, 8)
    local.writeUInt16LE(nameBytes.length, 26)
    await write(local)
    await write(nameBytes)
    let crc = 0
    let inflated = 0
    let compressed = 0
    // One raw deflate stream, flushed chunk by chunk (Z_SYNC_FLUSH) and ended by an empty block.
    const deflater = createDeflateRaw()
    const outputs: Buffer[] = []
    deflater.on('data', (data: Buffer) => outputs.push(data))
    const drain = async () => {
      for (const data of outputs.splice(0)) {
        compressed += data.length
        await write(data)
      }
    }
    for (const chunk of chunks) {
      const bytes = Buffer.from(chunk)
      crc = crc32(bytes, crc)
      inflated += bytes.length
      deflater.write(bytes)
      await new Promise<void>((resolve) => deflater.flush(constants.Z_SYNC_FLUSH, () => resolve()))
      await drain()
    }
    deflater.end()
    await once(deflater, 'end')
    await drain()
    const descriptor = Buffer.alloc(16)
    descriptor.writeUInt32LE(0x08074b50, 0)
    descriptor.writeUInt32LE(crc >>> 0, 4)
    descriptor.writeUInt32LE(compressed, 8)
    descriptor.writeUInt32LE(inflated, 12)
    await write(descriptor)
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(20, 6)
    header.writeUInt16LE(0x0008, 8)
    header.writeUInt16LE(8, 10)
    header.writeUInt32LE(crc >>> 0, 16)
    header.writeUInt32LE(compressed, 20)
    header.writeUInt32LE(inflated, 24)
    header.writeUInt16LE(nameBytes.length, 28)
    header.writeUInt32LE(start, 42)
    central.push(header, nameBytes)
  }
  await entry('[Content_Types].xml', [CONTENT_TYPES])
  await entry('_rels/.rels', [RELS])
  await entry('xl/workbook.xml', [WORKBOOK])
  await entry('xl/_rels/workbook.xml.rels', [WORKBOOK_RELS])
  const sharedStrings = parts.sharedStrings
  await entry(
    'xl/sharedStrings.xml',
    (function* () {
      yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
      if (sharedStrings) yield* sharedStrings()
      yield '</sst>'
    })()
  )
  await entry(
    'xl/worksheets/sheet1.xml',
    (function* () {
      yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
      if (parts.dimension) yield `<dimension ref="${parts.dimension}"/>`
      yield '<sheetData>'
      yield* parts.rows()
      yield '</sheetData></worksheet>'
    })()
  )
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(central.length / 2, 8)
  end.writeUInt16LE(central.length / 2, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  await write(directory)
  await write(end)
  out.end()
  await once(out, 'finish')
}
