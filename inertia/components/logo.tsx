export function Logo({ name, inverted = false }: { name: string; inverted?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill={inverted ? '#ffffff' : '#1d39ad'} />
        <path
          d="M9 21l5-6 4 3 5-8"
          stroke={inverted ? '#0f766e' : '#ffffff'}
          strokeWidth="2.6"
          fill="none"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span
        className={
          inverted ? 'text-lg font-semibold text-white' : 'text-lg font-semibold text-slate-900'
        }
      >
        {name}
      </span>
    </span>
  )
}
