import { createWriteStream, type WriteStream } from 'node:fs'
import { once } from 'node:events'
import { crc32 } from 'node:zlib'

/**
 * Writes a ZIP archive to a file, entry by entry, each stored as it is (PDFs are compressed
 * already): a local header, the bytes, then the central directory at the end. No ZIP64: the
 * product's archives stay far below 4 GB and 65,535 entries (callers cap them).
 */

export const ZIP_MAX_ENTRIES = 65_535
const MAX_32 = 0xffff_ffff

interface Entry {
  name: Buffer
  crc: number
  size: number
  offset: number
  time: number
  date: number
}

/** The MS-DOS time and date fields of a moment (two-second precision, from 1980). */
function dosDateTime(moment: Date) {
  const year = Math.max(1980, moment.getUTCFullYear())
  return {
    time:
      (moment.getUTCHours() << 11) | (moment.getUTCMinutes() << 5) | (moment.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((moment.getUTCMonth() + 1) << 5) | moment.getUTCDate(),
  }
}

export class ZipWriter {
  #stream: WriteStream
  #entries: Entry[] = []
  #offset = 0
  #names = new Set<string>()

  constructor(path: string) {
    this.#stream = createWriteStream(path, { mode: 0o600 })
  }

  /** Bytes written so far. */
  get size() {
    return this.#offset
  }

  async #write(chunk: Buffer | Uint8Array) {
    this.#offset += chunk.byteLength
    if (!this.#stream.write(chunk)) await once(this.#stream, 'drain')
  }

  /** Adds a file under `name` (a relative path with forward slashes, unique in the archive). */
  async add(name: string, bytes: Uint8Array, modified = new Date()) {
    if (!name || name.startsWith('/') || name.split('/').includes('..')) {
      throw new Error(`Not a relative entry name: ${name}`)
    }
    if (this.#names.has(name)) throw new Error(`Entry ${name} is already in the archive`)
    if (this.#entries.length >= ZIP_MAX_ENTRIES) throw new Error('Too many entries for a ZIP')
    if (this.#offset + bytes.byteLength > MAX_32) throw new Error('The archive would pass 4 GB')
    this.#names.add(name)
    const encoded = Buffer.from(name, 'utf8')
    const { time, date } = dosDateTime(modified)
    const crc = crc32(bytes)
    const header = Buffer.alloc(30)
    header.writeUInt32LE(0x04034b50, 0)
    header.writeUInt16LE(20, 4) // version needed
    header.writeUInt16LE(0x0800, 6) // names in UTF-8
    header.writeUInt16LE(0, 8) // stored
    header.writeUInt16LE(time, 10)
    header.writeUInt16LE(date, 12)
    header.writeUInt32LE(crc, 14)
    header.writeUInt32LE(bytes.byteLength, 18)
    header.writeUInt32LE(bytes.byteLength, 22)
    header.writeUInt16LE(encoded.byteLength, 26)
    header.writeUInt16LE(0, 28)
    this.#entries.push({
      name: encoded,
      crc,
      size: bytes.byteLength,
      offset: this.#offset,
      time,
      date,
    })
    await this.#write(header)
    await this.#write(encoded)
    await this.#write(bytes)
  }

  /** Writes the central directory and closes the file. */
  async close() {
    const start = this.#offset
    for (const entry of this.#entries) {
      const header = Buffer.alloc(46)
      header.writeUInt32LE(0x02014b50, 0)
      header.writeUInt16LE(20, 4) // made by
      header.writeUInt16LE(20, 6) // needed
      header.writeUInt16LE(0x0800, 8)
      header.writeUInt16LE(0, 10)
      header.writeUInt16LE(entry.time, 12)
      header.writeUInt16LE(entry.date, 14)
      header.writeUInt32LE(entry.crc, 16)
      header.writeUInt32LE(entry.size, 20)
      header.writeUInt32LE(entry.size, 24)
      header.writeUInt16LE(entry.name.byteLength, 28)
      header.writeUInt32LE(entry.offset, 42)
      await this.#write(header)
      await this.#write(entry.name)
    }
    const end = Buffer.alloc(22)
    end.writeUInt32LE(0x06054b50, 0)
    end.writeUInt16LE(this.#entries.length, 8)
    end.writeUInt16LE(this.#entries.length, 10)
    end.writeUInt32LE(this.#offset - start, 12)
    end.writeUInt32LE(start, 16)
    await this.#write(end)
    this.#stream.end()
    await once(this.#stream, 'finish')
  }

  /** Gives up: closes the file (the caller removes it). */
  async abort() {
    this.#stream.destroy()
  }
}
