import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import { middleware } from '#start/kernel'
import { ADMIN_MENU } from '#shared/navigation'
import { PERMISSIONS } from '#shared/permissions'
import { invitationThrottle } from '#start/limiter'
import { adminStack } from '#start/routes/stacks'

const AreaController = () => import('#controllers/areas/area_controller')
const AdminHomeController = () => import('#controllers/admin/admin_home_controller')
const SecurityLogController = () => import('#controllers/admin/security_log_controller')
const AdminFeedbackController = () => import('#controllers/admin/feedback_controller')
const AccountManagementController = () => import('#controllers/admin/account_management_controller')
const BackgroundJobsController = () => import('#controllers/admin/background_jobs_controller')

/** Admin menu entries whose pages are registered by their area's routes file. */
const BUILT_ADMIN_AREAS = new Set([
  'admin-home',
  'admin-feedback',
  'admin-market-data',
  'admin-accounts',
  'admin-rsa',
  'admin-providers',
  'admin-insights-reports',
  'admin-summary-facets',
  'admin-research-discovery',
])

/*
 * The admin area: administrators only, each entry behind its permission strings. Areas whose
 * screens are not built yet answer with the area's coming-soon page.
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
      .where('id', id())
      .where('userId', id())
      .where('invitationId', id())
      .use(middleware.admin({ permissions: [PERMISSIONS.viewAccounts] }))
    router
      .get('/feedback', [AdminFeedbackController, 'index'])
      .as('adminFeedback')
      .use(middleware.admin({ permissions: [PERMISSIONS.viewFeedback] }))
    router
      .group(() => {
        router.get('/', [BackgroundJobsController, 'index']).as('adminBackgroundJobs')
        router
          .post('/:id/run-again', [BackgroundJobsController, 'runAgain'])
          .as('adminBackgroundJobs.runAgain')
      })
      .prefix('/background-jobs')
      .where('id', id())
      .use(middleware.admin({ permissions: [] }))

    // Areas whose screens are not built yet answer with the area's coming-soon page.
    for (const item of ADMIN_MENU) {
      if (BUILT_ADMIN_AREAS.has(item.key)) continue
      router
        .get(item.path.replace(/^\/admin/, ''), [AreaController, 'admin'])
        .as(item.routeNames[0])
        .use(middleware.admin({ permissions: item.allowedPermissions }))
    }
  })
  .prefix('/admin')
  .use(adminStack())
