import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { MODULES } from '#shared/modules'
import { ADMIN_MENU } from '#shared/navigation'
import { PERMISSIONS } from '#shared/permissions'
import {
  apiWriteThrottle,
  emailChangeThrottle,
  emailVerificationHourThrottle,
  emailVerificationMinuteThrottle,
  invitationThrottle,
  passwordResetAddressThrottle,
  passwordResetThrottle,
  registrationThrottle,
} from '#start/limiter'

const SessionController = () => import('#controllers/auth/session_controller')
const PasswordResetController = () => import('#controllers/auth/password_reset_controller')
const PasswordRotationController = () => import('#controllers/auth/password_rotation_controller')
const PasswordConfirmationController = () =>
  import('#controllers/auth/password_confirmation_controller')
const EmailVerificationController = () => import('#controllers/auth/email_verification_controller')
const EmailChangeController = () => import('#controllers/profile/email_change_controller')
const SwitchTeamController = () => import('#controllers/teams/switch_team_controller')
const DashboardController = () => import('#controllers/dashboard_controller')
const AreaController = () => import('#controllers/areas/area_controller')
const AdminHomeController = () => import('#controllers/admin/admin_home_controller')
const AdminMarketDataPagesController = () => import('#controllers/admin/market_data_controller')
const AdminMarketDataController = () => import('#controllers/api/admin/market_data_controller')
const RegressionsController = () => import('#controllers/admin/regressions_controller')
const RateCardsController = () => import('#controllers/admin/rate_cards_controller')
const UniverseController = () => import('#controllers/admin/universe_controller')
const ContractsController = () => import('#controllers/admin/contracts_controller')
const CatalogueController = () => import('#controllers/admin/catalogue_controller')
const ProposalsController = () => import('#controllers/admin/proposals_controller')
const SecurityLogController = () => import('#controllers/admin/security_log_controller')
const PermissionsController = () => import('#controllers/api/permissions_controller')
const CurrenciesController = () => import('#controllers/api/currencies_controller')
const ProfileController = () => import('#controllers/profile/profile_controller')
const UnsubscribeController = () => import('#controllers/profile/unsubscribe_controller')
const FeedbackController = () => import('#controllers/api/feedback_controller')
const AnalyticsController = () => import('#controllers/api/analytics_controller')
const TourController = () => import('#controllers/api/tour_controller')
const InsightsUnreadController = () => import('#controllers/api/insights_unread_controller')
const AdminFeedbackController = () => import('#controllers/admin/feedback_controller')
const MarketDataController = () => import('#controllers/api/market_data/market_data_controller')
const ProviderLogosController = () => import('#controllers/market_data/provider_logos_controller')
const BenchmarksController = () => import('#controllers/market_data/benchmarks_controller')
const ScenariosController = () => import('#controllers/market_data/scenarios_controller')
const TwoFactorChallengeController = () =>
  import('#controllers/auth/two_factor_challenge_controller')
const TwoFactorController = () => import('#controllers/profile/two_factor_controller')
const DataCollectionController = () => import('#controllers/market_data/data_collection_controller')
const AlternativeDataController = () =>
  import('#controllers/market_data/alternative_data_controller')
const RegistrationController = () => import('#controllers/auth/registration_controller')
const InvitationController = () => import('#controllers/auth/invitation_controller')
const AccountManagementController = () => import('#controllers/admin/account_management_controller')

/*
 * Signed-out visitors.
 */
router
  .group(() => {
    router.get('/login', [SessionController, 'create']).as('login')
    router.post('/login', [SessionController, 'store']).as('login.store')
    router.get('/forgot-password', [PasswordResetController, 'create']).as('password.forgot')
    router.get('/register', [RegistrationController, 'create']).as('register')
    router
      .post('/register', [RegistrationController, 'store'])
      .as('register.store')
      .use(registrationThrottle)
    router
      .post('/forgot-password', [PasswordResetController, 'store'])
      .as('password.email')
      .use([passwordResetThrottle, passwordResetAddressThrottle])
    router
      .get('/two-factor-challenge', [TwoFactorChallengeController, 'show'])
      .as('twoFactor.challenge')
    router
      .post('/two-factor-challenge', [TwoFactorChallengeController, 'store'])
      .as('twoFactor.challenge.store')
  })
  .use(middleware.guest())

router
  .get('/reset-password/:id', [PasswordResetController, 'edit'])
  .as('password.reset')
  .where('id', router.matchers.number())
router
  .post('/reset-password/:id', [PasswordResetController, 'update'])
  .as('password.update')
  .where('id', router.matchers.number())
router
  .get('/invitations/:id', [InvitationController, 'show'])
  .as('invitation.show')
  .where('id', router.matchers.number())
router
  .post('/invitations/:id', [InvitationController, 'store'])
  .as('invitation.accept')
  .where('id', router.matchers.number())
  .use(registrationThrottle)
router
  .get('/email/verify/:id', [EmailVerificationController, 'verify'])
  .as('email.verify')
  .where('id', router.matchers.number())
router
  .get('/email/change/:id', [EmailChangeController, 'confirm'])
  .as('email.change.confirm')
  .where('id', router.matchers.number())
router
  .get('/unsubscribe/:id', [UnsubscribeController, 'show'])
  .as('unsubscribe')
  .where('id', router.matchers.number())
router
  .post('/unsubscribe/:id', [UnsubscribeController, 'store'])
  .as('unsubscribe.store')
  .where('id', router.matchers.number())

/*
 * Signed in, before the password-age gate: signing out and rotating the password.
 */
router
  .group(() => {
    router.post('/logout', [SessionController, 'destroy']).as('logout')
    router.get('/password/rotate', [PasswordRotationController, 'show']).as('password.rotate')
    router
      .post('/password/rotate', [PasswordRotationController, 'update'])
      .as('password.rotate.update')
  })
  .use(middleware.auth())

/*
 * Signed in with a valid password, no team needed.
 */
router
  .group(() => {
    router
      .get('/user/confirm-password', [PasswordConfirmationController, 'show'])
      .as('password.confirm')
    router
      .post('/user/confirm-password', [PasswordConfirmationController, 'store'])
      .as('password.confirm.store')
    router.get('/email/verify', [EmailVerificationController, 'show']).as('email.notice')
    router
      .post('/email/verification-notification', [EmailVerificationController, 'store'])
      .as('email.resend')
      .use([emailVerificationMinuteThrottle, emailVerificationHourThrottle])
    router.post('/teams/switch', [SwitchTeamController]).as('switchTeam')
    router.get('/api/permissions', [PermissionsController]).as('api.permissions')
    router.get('/user/profile', [ProfileController, 'show']).as('profile.show')
    router
      .post('/user/password', [ProfileController, 'updatePassword'])
      .as('profile.password.update')
    router.post('/user/profile', [ProfileController, 'updateInfo']).as('profile.update')
    router
      .post('/user/email/resend', [EmailChangeController, 'resend'])
      .as('profile.email.resend')
      .use(emailChangeThrottle)
    router.post('/user/email/cancel', [EmailChangeController, 'cancel']).as('profile.email.cancel')
    router
      .post('/user/subscriptions', [ProfileController, 'updateSubscriptions'])
      .as('profile.subscriptions.update')
    router.post('/user/consent', [ProfileController, 'acceptConsent']).as('profile.consent.accept')
    router
      .post('/user/sessions/logout-others', [ProfileController, 'logoutOtherSessions'])
      .as('profile.sessions.logoutOthers')
      .use(middleware.confirmedPassword())
    router
      .post('/user/delete', [ProfileController, 'destroy'])
      .as('profile.destroy')
      .use(middleware.confirmedPassword())
    router
      .post('/user/two-factor', [TwoFactorController, 'enable'])
      .as('twoFactor.enable')
      .use(middleware.confirmedPassword({ returnTo: '/user/profile#two-factor' }))
    router
      .post('/user/two-factor/confirm', [TwoFactorController, 'confirm'])
      .as('twoFactor.confirm')
      .use(middleware.confirmedPassword({ returnTo: '/user/profile#two-factor' }))
    router
      .get('/user/two-factor/required', [TwoFactorController, 'required'])
      .as('twoFactor.required')
    router
      .post('/user/two-factor/recovery-codes', [TwoFactorController, 'regenerate'])
      .as('twoFactor.recoveryCodes')
      .use(middleware.confirmedPassword({ returnTo: '/user/profile#two-factor' }))
    router
      .post('/user/two-factor/disable', [TwoFactorController, 'disable'])
      .as('twoFactor.disable')
      .use(middleware.confirmedPassword({ returnTo: '/user/profile#two-factor' }))

    router
      .post('/api/submit-feedback', [FeedbackController, 'store'])
      .as('api.feedback')
      .use(apiWriteThrottle)
    router
      .post('/api/analytics/events', [AnalyticsController, 'store'])
      .as('api.analytics')
      .use(apiWriteThrottle)
    router
      .get('/api/tour/has-user-done-tour/main-navigation', [TourController, 'show'])
      .as('api.tour.show')
    router.post('/api/tour/main-navigation', [TourController, 'store']).as('api.tour.store')
  })
  .use([
    middleware.auth(),
    middleware.freshPassword(),
    middleware.team({ required: false }),
    middleware.twoFactorPolicy(),
  ])

/*
 * The client area: a current team is required; each product area is guarded by its module.
 */
router
  .group(() => {
    router.get('/', [DashboardController]).as('dashboard')
    router.get('/api/currencies', [CurrenciesController]).as('api.currencies')
    router
      .post('/api/currencies/selected', [CurrenciesController, 'select'])
      .as('api.currencies.select')
    router
      .get('/provider-logos/:providerKey', [ProviderLogosController, 'show'])
      .where('providerKey', /^[a-z0-9-]+$/)
      .as('providerLogo')
    router
      .get('/api/insights-reports/unread', [InsightsUnreadController])
      .as('api.insightsReports.unread')

    router
      .group(() => {
        router
          .get('/active-providers', [MarketDataController, 'activeProviders'])
          .as('activeProviders')
        router
          .get('/inactive-providers', [MarketDataController, 'inactiveProviders'])
          .as('inactiveProviders')
        router
          .get('/benchmarks/active-upcoming/:providerId', [
            MarketDataController,
            'activeUpcomingBenchmarks',
          ])
          .where('providerId', router.matchers.number())
          .as('benchmarks.activeUpcoming')
        router
          .get('/benchmarks/contract/:contractId', [MarketDataController, 'contractBenchmarks'])
          .where('contractId', router.matchers.number())
          .as('benchmarks.contract')
        router
          .post('/product-categories/:providerKey', [MarketDataController, 'productCategories'])
          .where('providerKey', /^[a-z0-9-]+$/)
          .as('productCategories')
        router
          .get('/contracts/:providerId', [MarketDataController, 'contracts'])
          .where('providerId', router.matchers.number())
          .as('contracts')
      })
      .prefix('/api/market-data')
      .as('api.marketData')
      .use(middleware.module({ modules: [MODULES.marketDataContracts, MODULES.alternativeData] }))

    const area = (path: string, name: string, module: (typeof MODULES)[keyof typeof MODULES]) =>
      router
        .get(path, [AreaController, 'client'])
        .as(name)
        .use(middleware.module({ modules: [module] }))

    area('/rsa/budgets', 'RSABudgets', MODULES.rsaBudgets)
    area('/research-discovery/trending-themes', 'trendingThemes', MODULES.trendingThemes)
    router
      .group(() => {
        router.get('/', [DataCollectionController, 'index']).as('marketDataTemplates')
        router
          .get('/:id/template', [DataCollectionController, 'template'])
          .where('id', router.matchers.number())
          .as('marketDataTemplates.template')
        router
          .post('/upload', [DataCollectionController, 'upload'])
          .as('marketDataTemplates.upload')
          .use(apiWriteThrottle)
        router
          .get('/submissions/:id/file', [DataCollectionController, 'download'])
          .where('id', router.matchers.number())
          .as('marketDataTemplates.submissionFile')
      })
      .prefix('/market-data/templates')
      .use(middleware.module({ modules: [MODULES.marketDataDataCollection] }))
    router
      .get('/market-data', [BenchmarksController, 'index'])
      .as('marketData')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .group(() => {
        router.get('/', [ScenariosController, 'index']).as('index')
        router.post('/', [ScenariosController, 'store']).as('store')
        router
          .post('/:id', [ScenariosController, 'store'])
          .where('id', router.matchers.number())
          .as('update')
      })
      .prefix('/market-data/:provider_key/scenarios')
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('scenarios')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .get('/market-data/documents/:id', [BenchmarksController, 'document'])
      .where('id', router.matchers.number())
      .as('marketDataDocument')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .get('/market-data/:provider_key/proposals', [BenchmarksController, 'proposals'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('marketDataProposals')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .get('/market-data/:provider_key/rate-card', [BenchmarksController, 'rateCard'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('marketDataRateCard')
      .use(middleware.module({ modules: [MODULES.marketDataRateCard] }))
    router
      .get('/market-data/:provider_key/export', [BenchmarksController, 'export'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('marketDataExport')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .get('/market-data/:provider_key/scenario-analysis', [BenchmarksController, 'scenario'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('scenarioAnalysis')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .get('/market-data/:provider_key', [BenchmarksController, 'show'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('marketDataProvider')
      .use(middleware.module({ modules: [MODULES.marketDataContracts] }))
    router
      .get('/alternative-data', [AlternativeDataController, 'index'])
      .as('AlternativeData')
      .use(middleware.module({ modules: [MODULES.alternativeData] }))
    router
      .get('/alternative-data/:provider_key/export', [AlternativeDataController, 'export'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('alternativeDataExport')
      .use(middleware.module({ modules: [MODULES.alternativeData] }))
    router
      .get('/alternative-data/:provider_key', [AlternativeDataController, 'show'])
      .where('provider_key', /^[a-z0-9-]+$/)
      .as('alternativeDataProvider')
      .use(middleware.module({ modules: [MODULES.alternativeData] }))
    area('/insights-reports', 'insightsReports', MODULES.insightsReports)
    area('/providers', 'ProviderLeagueTable', MODULES.analystMapping)
  })
  .use([
    middleware.auth(),
    middleware.freshPassword(),
    middleware.team(),
    middleware.twoFactorPolicy(),
  ])

/*
 * The admin area: administrators only, each entry behind its permission strings.
 */
router
  .group(() => {
    router
      .get('/welcome', [AdminHomeController])
      .as('adminHome')
      .use(middleware.admin({ permissions: [] }))
    router
      .group(() => {
        const accounts = AccountManagementController
        const team = '/teams/:id'
        const user = '/users/:id'
        router.get('/', [accounts, 'teams']).as('accountManagement')
        router.get('/security-log', [SecurityLogController, 'index']).as('adminSecurityLog')
        router.get('/users', [accounts, 'users']).as('adminUsers')
        router.get('/roles', [accounts, 'roles']).as('adminRoles')
        router.post('/roles', [accounts, 'storeRole']).as('adminRoles.store')
        router.post('/roles/:id', [accounts, 'updateRole']).as('adminRoles.update')
        router.post('/roles/:id/destroy', [accounts, 'destroyRole']).as('adminRoles.destroy')
        router.post('/teams', [accounts, 'storeTeam']).as('adminTeams.store')
        router.get(team, [accounts, 'team']).as('teamProfile')
        router.post(team, [accounts, 'updateTeam']).as('adminTeams.update')
        router.post(`${team}/modules`, [accounts, 'updateModules']).as('adminTeams.modules')
        router.post(`${team}/security`, [accounts, 'updateSecurity']).as('adminTeams.security')
        router.post(`${team}/members`, [accounts, 'addMember']).as('adminTeams.members.store')
        router
          .post(`${team}/members/:userId/role`, [accounts, 'changeRole'])
          .as('adminTeams.members.role')
        router
          .post(`${team}/members/:userId/remove`, [accounts, 'removeMember'])
          .as('adminTeams.members.remove')
        router
          .post(`${team}/invitations`, [accounts, 'invite'])
          .as('adminTeams.invitations.store')
          .use(invitationThrottle)
        router
          .post(`${team}/invitations/:invitationId/resend`, [accounts, 'resendInvitation'])
          .as('adminTeams.invitations.resend')
          .use(invitationThrottle)
        router
          .post(`${team}/invitations/:invitationId/revoke`, [accounts, 'revokeInvitation'])
          .as('adminTeams.invitations.revoke')
        router.get(user, [accounts, 'user']).as('userProfile')
        router
          .post(`${user}/disable`, [accounts, 'disableUser'])
          .as('adminUsers.disable')
          .use(middleware.confirmedPassword())
        router.post(`${user}/enable`, [accounts, 'enableUser']).as('adminUsers.enable')
        router
          .post(`${user}/reset-two-factor`, [accounts, 'resetTwoFactor'])
          .as('adminUsers.resetTwoFactor')
          .use(middleware.confirmedPassword())
        router
          .post(`${user}/require-password-change`, [accounts, 'requirePasswordChange'])
          .as('adminUsers.requirePasswordChange')
          .use(middleware.confirmedPassword())
        router
          .post(`${user}/roles`, [accounts, 'updateAdministratorRoles'])
          .as('adminUsers.roles')
          .use(middleware.confirmedPassword())
      })
      .prefix('/account-management')
      .where('id', router.matchers.number())
      .where('userId', router.matchers.number())
      .where('invitationId', router.matchers.number())
      .use(middleware.admin({ permissions: [PERMISSIONS.viewAccounts] }))
    router
      .get('/feedback', [AdminFeedbackController, 'index'])
      .as('adminFeedback')
      .use(middleware.admin({ permissions: [PERMISSIONS.viewFeedback] }))

    router
      .group(() => {
        router.get('/', [AdminMarketDataPagesController, 'teams']).as('editMarketData')
        router
          .get('/teams/:teamId', [AdminMarketDataPagesController, 'providers'])
          .where('teamId', router.matchers.number())
          .as('editMarketDataTeam')
        router
          .get('/teams/:teamId/providers/:providerKey', [
            AdminMarketDataPagesController,
            'provider',
          ])
          .where('teamId', router.matchers.number())
          .where('providerKey', /^[a-z0-9-]+$/)
          .as('editMarketDataProvider')
        router
          .get('/providers/:providerKey/classification', [
            AdminMarketDataPagesController,
            'classification',
          ])
          .where('providerKey', /^[a-z0-9-]+$/)
          .as('adminMdProviderClassification')
        router.get('/audit', [AdminMarketDataPagesController, 'audit']).as('adminMdAudit')
        router.get('/rate-cards', [RateCardsController, 'index']).as('adminMdRateCard')
        router.get('/universe', [UniverseController, 'show']).as('updateUniverse')
        router.get('/catalogue', [CatalogueController, 'index']).as('adminMdCatalogue')
        router
          .group(() => {
            router.get('/', [ProposalsController, 'index']).as('adminMdProposals')
            router.post('/', [ProposalsController, 'store']).as('adminMdProposals.store')
            router
              .post('/:id', [ProposalsController, 'update'])
              .where('id', router.matchers.number())
              .as('adminMdProposals.update')
            router
              .post('/:id/delete', [ProposalsController, 'destroy'])
              .where('id', router.matchers.number())
              .as('adminMdProposals.destroy')
          })
          .prefix('/teams/:teamId/providers/:providerKey/proposals')
          .where('teamId', router.matchers.number())
          .where('providerKey', /^[a-z0-9-]+$/)
        router
          .group(() => {
            router.post('/providers', [CatalogueController, 'storeProvider']).as('providers.store')
            router
              .post('/providers/:id', [CatalogueController, 'updateProvider'])
              .as('providers.update')
            router
              .post('/providers/:id/logo', [CatalogueController, 'uploadLogo'])
              .as('providers.logo')
            router
              .post('/license-types', [CatalogueController, 'storeLicenseType'])
              .as('licenseTypes.store')
            router
              .post('/license-types/:id', [CatalogueController, 'updateLicenseType'])
              .as('licenseTypes.update')
            router
              .post('/license-types/:id/delete', [CatalogueController, 'destroyLicenseType'])
              .as('licenseTypes.destroy')
          })
          .prefix('/catalogue')
          .where('id', router.matchers.number())
          .as('adminMdCatalogue')
        router
          .get('/providers/:providerKey/logo', [CatalogueController, 'logo'])
          .where('providerKey', /^[a-z0-9-]+$/)
          .as('adminMdProviderLogo')
        router
          .post('/teams/:teamId/providers/:providerKey/contracts', [ContractsController, 'store'])
          .where('teamId', router.matchers.number())
          .where('providerKey', /^[a-z0-9-]+$/)
          .as('adminMdContracts.store')
        router
          .group(() => {
            router.post('/:id', [ContractsController, 'update']).as('update')
            router.post('/:id/delete', [ContractsController, 'destroy']).as('destroy')
            router.post('/:id/documents', [ContractsController, 'upload']).as('upload')
          })
          .prefix('/contracts')
          .where('id', router.matchers.number())
          .as('adminMdContracts')
        router
          .get('/contracts/:id/documents', [ContractsController, 'documents'])
          .where('id', router.matchers.number())
          .as('uploadContract')
        router
          .get('/contract-documents/:documentId', [ContractsController, 'download'])
          .where('documentId', router.matchers.number())
          .as('adminMdContractDocuments.download')
        router
          .post('/contract-documents/:documentId/delete', [ContractsController, 'destroyDocument'])
          .where('documentId', router.matchers.number())
          .as('adminMdContractDocuments.destroy')
        router
          .get('/universe/workbook', [UniverseController, 'workbook'])
          .as('adminMdUniverse.workbook')
        router.get('/rate-cards/create', [RateCardsController, 'create']).as('createMdRateCard')
        router
          .get('/rate-cards/:id/edit', [RateCardsController, 'edit'])
          .where('id', router.matchers.number())
          .as('editMdRateCard')
        router
          .group(() => {
            router.get('/', [RegressionsController, 'index']).as('updateRegressions')
            router.post('/', [RegressionsController, 'store']).as('adminMdRegressions.store')
            router
              .post('/import', [RegressionsController, 'import'])
              .as('adminMdRegressions.import')
          })
          .prefix('/providers/:providerKey/regressions')
          .where('providerKey', /^[a-z0-9-]+$/)
      })
      .prefix('/market-data')
      .use(middleware.admin({ permissions: [PERMISSIONS.viewMarketData] }))

    // Areas whose screens are not built yet answer with the area's coming-soon page.
    for (const item of ADMIN_MENU) {
      if (
        ['admin-home', 'admin-feedback', 'admin-market-data', 'admin-accounts'].includes(item.key)
      )
        continue
      router
        .get(item.path.replace(/^\/admin/, ''), [AreaController, 'admin'])
        .as(item.routeNames[0])
        .use(middleware.admin({ permissions: item.allowedPermissions }))
    }
  })
  .prefix('/admin')
  .use([
    middleware.auth(),
    middleware.freshPassword(),
    middleware.team({ required: false }),
    middleware.twoFactorPolicy(),
  ])

/*
 * The admin market data calls (spec §7): administrators holding the market data permission.
 */
router
  .group(() => {
    router
      .get('/contract/:id/product-benchmarks', [AdminMarketDataController, 'contractBenchmarks'])
      .where('id', router.matchers.number())
      .as('contract.productBenchmarks')
    router
      .post('/product-benchmark/store', [AdminMarketDataController, 'store'])
      .as('productBenchmark.store')
    router
      .post('/product-benchmark/update/:id', [AdminMarketDataController, 'update'])
      .where('id', router.matchers.number())
      .as('productBenchmark.update')
    router
      .post('/product-benchmark/destroy/:id', [AdminMarketDataController, 'destroy'])
      .where('id', router.matchers.number())
      .as('productBenchmark.destroy')
    router
      .post('/sub-product-benchmark/destroy/:id', [AdminMarketDataController, 'destroySubProduct'])
      .where('id', router.matchers.number())
      .as('subProductBenchmark.destroy')
    router.get('/rate-cards/aum-ranges', [RateCardsController, 'aumRanges']).as('aumRanges')
    router.post('/universe/import', [UniverseController, 'import']).as('universe.import')
    router.post('/contracts/import', [UniverseController, 'importContracts']).as('contracts.import')
    router.get('/rate-cards/observed', [RateCardsController, 'observed']).as('rateCards.observed')
    router.post('/rate-cards', [RateCardsController, 'store']).as('rateCards.store')
    router
      .post('/rate-cards/:id', [RateCardsController, 'update'])
      .where('id', router.matchers.number())
      .as('rateCards.update')
    router
      .post('/rate-cards/:id/active', [RateCardsController, 'active'])
      .where('id', router.matchers.number())
      .as('rateCards.active')
    router
      .get('/provider/categories/:providerKey', [AdminMarketDataController, 'categories'])
      .where('providerKey', /^[a-z0-9-]+$/)
      .as('provider.categories')
    router
      .post('/provider/save-category', [AdminMarketDataController, 'saveCategory'])
      .as('provider.saveCategory')
  })
  .prefix('/api/admin/market-data')
  .as('api.admin.marketData')
  .use([
    middleware.auth(),
    middleware.freshPassword(),
    middleware.team({ required: false }),
    middleware.twoFactorPolicy(),
    middleware.admin({ permissions: [PERMISSIONS.viewMarketData] }),
  ])

import '#start/sso_routes'
