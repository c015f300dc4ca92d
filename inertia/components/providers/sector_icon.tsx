import { cn } from '~/lib/cn'
import { SECTORS } from '@shared/providers'

/** The GICS sectors' icons (sectors.icon), drawn like the shell's icons: 24 × 24 strokes. */
const paths: Record<(typeof SECTORS)[number]['icon'], string> = {
  'flame': 'M12 3c1 3 5 5 5 10a5 5 0 0 1-10 0c0-2 1-3.5 2-4.5.3 1.5 1 2.5 2 3 0-3 0-5.5 1-8.5z',
  'pickaxe': 'M4 20l9-9M6 5c4-2 9-2 13 2-3-1-6-1-8 0M11 11l-2-2m2-4 8 8',
  'factory': 'M3 21V10l5 3v-3l5 3v-3l5 3V4h3v17zM7 17h2m4 0h2',
  'shopping-bag': 'M5 8h14l-1 13H6zM9 8V6a3 3 0 0 1 6 0v2',
  'basket': 'M3 10h18l-2 10H5zM7 10l4-6m6 6-4-6M9 14v3m6-3v3',
  'heart-pulse':
    'M12 20s-7-4.5-8.5-9A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8.5 4c-1.5 4.5-8.5 9-8.5 9zM5 12h4l1.5-2 2 4 1.5-2H19',
  'landmark': 'M3 21h18M4 10h16M12 3l8 5H4zM6 10v8m4-8v8m4-8v8m4-8v8',
  'cpu': 'M7 7h10v10H7zM10 10h4v4h-4zM9 3v4m6-4v4M9 17v4m6-4v4M3 9h4m-4 6h4m10-6h4m-4 6h4',
  'radio': 'M4 9h16v11H4zM8 9l9-5M8 14.5h.01M14 13h3m-3 3h3',
  'plug': 'M9 3v5m6-5v5M6 8h12v3a6 6 0 0 1-12 0zM12 17v4',
  'building': 'M4 21V5l8-2v18M12 8h8v13M7 8h2m-2 4h2m-2 4h2m6-4h2m-2 4h2',
}

const iconByName = new Map<string, string>(SECTORS.map((sector) => [sector.name, sector.icon]))

/** A sector's icon, decorative (the sector's name is always written next to it). */
export function SectorIcon({ sector, className }: { sector: string; className?: string }) {
  const icon = iconByName.get(sector) as keyof typeof paths | undefined
  if (!icon) return <span aria-hidden="true" className={cn('inline-block size-4', className)} />
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={cn('size-4 shrink-0', className)}
    >
      <path d={paths[icon]} />
    </svg>
  )
}
