/**
 * Whether a table is wider than its box, and on which sides columns are out of view: the data
 * table pins its first column and shows a cue on those sides, so that a wide table (a rate card
 * or a budget at 1024 px) never clips columns without saying so.
 */
export interface ScrollCue {
  overflowing: boolean
  moreLeft: boolean
  moreRight: boolean
}

export const NO_SCROLL_CUE: ScrollCue = { overflowing: false, moreLeft: false, moreRight: false }

/** A pixel of rounding (zoom, fractional widths) is not a hidden column. */
const SLACK = 1

export function scrollCue(box: {
  scrollLeft: number
  scrollWidth: number
  clientWidth: number
}): ScrollCue {
  const hidden = box.scrollWidth - box.clientWidth
  if (hidden <= SLACK) return NO_SCROLL_CUE
  return {
    overflowing: true,
    moreLeft: box.scrollLeft > SLACK,
    moreRight: box.scrollLeft < hidden - SLACK,
  }
}

export function sameScrollCue(a: ScrollCue, b: ScrollCue) {
  return a.overflowing === b.overflowing && a.moreLeft === b.moreLeft && a.moreRight === b.moreRight
}
