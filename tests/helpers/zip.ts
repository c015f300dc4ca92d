import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateRawSync } from 'node:zlib'
import { ZipWriter } from '#services/files/zip_writer'

/*
 * Hand-assembled ZIP archives for tests of what an upload of one may hold: names, sizes and
 * checksums as the headers say, whatever the bytes are.
 */

/** One entry of a hand-assembled archive: what its headers say, whatever the bytes are. */
export interface RawEntry {
  name: string
  /** The bytes as stored (already deflated for method 8). */
  data?: Buffer
  method?: number
  /** The declared uncompressed size (default: the data's length). */
  size?: number
  /** Default: the CRC-32 of the data. */
  crc?: number
  flags?: number
  /** The central directory points at the local header of this earlier entry instead. */
  sameLocalAs?: number
  /** A broken local header signature. */
  badLocalSignature?: boolean
}

export const deflated = (name: string, content: Buffer): RawEntry => ({
  name,
  data: deflateRawSync(content),
  method: 8,
  size: content.length,
  crc: crc32(content),
})

/** Assembles an archive byte by byte: local headers and data, the central directory, the end. */
export function assemble(
  entries: RawEntry[],
  end: { count?: number; directorySize?: number } = {}
) {
  const parts: Buffer[] = []
  const offsets: number[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const data = entry.data ?? Buffer.alloc(0)
    if (entry.sameLocalAs !== undefined) {
      offsets.push(offsets[entry.sameLocalAs])
      continue
    }
    const header = Buffer.alloc(30)
    header.writeUInt32LE(entry.badLocalSignature ? 0x04034b51 : 0x04034b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(entry.flags ?? 0x0800, 6)
    header.writeUInt16LE(entry.method ?? 0, 8)
    header.writeUInt32LE(entry.crc ?? crc32(data), 14)
    header.writeUInt32LE(data.length, 18)
    header.writeUInt32LE(entry.size ?? data.length, 22)
    header.writeUInt16LE(name.length, 26)
    offsets.push(offset)
    parts.push(header, name, data)
    offset += header.length + name.length + data.length
  }
  const directoryStart = offset
  entries.forEach((entry, index) => {
    const name = Buffer.from(entry.name, 'utf8')
    const data = entry.data ?? Buffer.alloc(0)
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt16LE(20, 4)
    header.writeUInt16LE(20, 6)
    header.writeUInt16LE(entry.flags ?? 0x0800, 8)
    header.writeUInt16LE(entry.method ?? 0, 10)
    header.writeUInt32LE(entry.crc ?? crc32(data), 16)
    header.writeUInt32LE(data.length, 20)
    header.writeUInt32LE(entry.size ?? data.length, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt32LE(offsets[index], 42)
    parts.push(header, name)
    offset += header.length + name.length
  })
  const record = Buffer.alloc(22)
  record.writeUInt32LE(0x06054b50, 0)
  record.writeUInt16LE(end.count ?? entries.length, 8)
  record.writeUInt16LE(end.count ?? entries.length, 10)
  record.writeUInt32LE(end.directorySize ?? offset - directoryStart, 12)
  record.writeUInt32LE(directoryStart, 16)
  parts.push(record)
  return Buffer.concat(parts)
}

/** A well-formed ZIP of the given files, built by the product's own writer. */
export async function zipOf(files: Record<string, Buffer>) {
  const folder = await mkdtemp(join(tmpdir(), 'zip-of-'))
  const path = join(folder, 'a.zip')
  const zip = new ZipWriter(path)
  for (const [name, bytes] of Object.entries(files)) await zip.add(name, bytes)
  await zip.close()
  const bytes = await readFile(path)
  await rm(folder, { recursive: true, force: true })
  return bytes
}
