/*
 * Research discovery administration (`/admin/research-discovery`, spec §2 admin named routes):
 * administrators holding the research discovery permission run the catalogue — documents, the
 * theme tree, the weekly theme ranking, the client research requests. One file per part.
 */
import '#start/routes/research_admin/documents'
import '#start/routes/research_admin/themes'
import '#start/routes/research_admin/ranking'
import '#start/routes/research_admin/requests'
import '#start/routes/research_admin/analytics'
