import vine from '@vinejs/vine'
import { REGION_CODES } from '#shared/providers'
import { offeredYearListRule } from '#services/calendar/years'

/** Ids in a JSON body are numbers: `"10"` or `[10]` is refused rather than read as 10. */
const id = () => vine.number({ strict: true }).withoutDecimals().positive().max(2_147_483_647)

/** `POST /api/providers/headcount|experience/gained|lost` (spec §7). Empty lists mean all. */
export const heatmapValidator = vine.create({
  providerId: id(),
  sectorList: vine.array(id()).maxLength(50).optional(),
  // Each one of the years the analyst data offers (checked when the request is made).
  yearList: vine
    .array(vine.number({ strict: true }).withoutDecimals())
    .maxLength(100)
    .use(offeredYearListRule({ area: 'analysts' }))
    .optional(),
  regionCodes: vine
    .array(vine.enum([...REGION_CODES]))
    .maxLength(REGION_CODES.length * 2)
    .optional(),
})

/** `POST /api/providers/interactions/sector-breakdown` (spec §7). */
export const sectorBreakdownValidator = vine.create({
  teamId: id(),
  providerId: id(),
  selectedSectorIds: vine.array(id()).maxLength(50).optional(),
})
