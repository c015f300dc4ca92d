import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import {
  apiWriteThrottle,
  emailChangeThrottle,
  emailVerificationHourThrottle,
  emailVerificationMinuteThrottle,
} from '#start/limiter'

const PasswordConfirmationController = () =>
  import('#controllers/auth/password_confirmation_controller')
const EmailVerificationController = () => import('#controllers/auth/email_verification_controller')
const EmailChangeController = () => import('#controllers/profile/email_change_controller')
const SwitchTeamController = () => import('#controllers/teams/switch_team_controller')
const PermissionsController = () => import('#controllers/api/permissions_controller')
const ProfileController = () => import('#controllers/profile/profile_controller')
const FeedbackController = () => import('#controllers/api/feedback_controller')
const AnalyticsController = () => import('#controllers/api/analytics_controller')
const TourController = () => import('#controllers/api/tour_controller')
const TwoFactorController = () => import('#controllers/profile/two_factor_controller')

/**
 * Signed in, no team needed: profile, two-factor, team switch and the shell's own calls.
 */
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
