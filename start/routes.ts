/*
 * Every route, one file per area under start/routes/. The order is the order of registration.
 */
import '#start/routes/health'
import '#start/routes/auth'
import '#start/routes/account'
import '#start/routes/shell'
import '#start/routes/rsa'
import '#start/routes/rsa_admin'
import '#start/routes/providers_admin'
import '#start/routes/research'
import '#start/routes/providers'
import '#start/routes/insights_reports'
import '#start/routes/insights_reports_admin'
import '#start/routes/market_data'
import '#start/routes/summary'
import '#start/routes/research_admin'
import '#start/routes/admin'
import '#start/routes/sso'
