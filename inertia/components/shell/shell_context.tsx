import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'

interface ShellState {
  tourRunning: boolean
  setTourRunning: (running: boolean) => void
  burgerOpen: boolean
  profileOpen: boolean
  /** Changes from the user are ignored while the tour runs; the tour itself forces them. */
  setBurgerOpen: (open: boolean, byTour?: boolean) => void
  setProfileOpen: (open: boolean, byTour?: boolean) => void
}

const ShellContext = createContext<ShellState | null>(null)

export function ShellProvider({ children }: { children: ReactNode }) {
  const [tourRunning, setTourRunning] = useState(false)
  const [burgerOpen, setBurger] = useState(false)
  const [profileOpen, setProfile] = useState(false)

  const value = useMemo<ShellState>(
    () => ({
      tourRunning,
      setTourRunning,
      burgerOpen,
      profileOpen,
      setBurgerOpen: (open, byTour = false) => {
        if (!tourRunning || byTour) setBurger(open)
      },
      setProfileOpen: (open, byTour = false) => {
        if (!tourRunning || byTour) setProfile(open)
      },
    }),
    [tourRunning, burgerOpen, profileOpen]
  )
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>
}

export function useShell() {
  const context = useContext(ShellContext)
  if (!context) throw new Error('useShell must be used inside ShellProvider')
  return context
}
