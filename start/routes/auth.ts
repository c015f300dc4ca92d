import router from '@adonisjs/core/services/router'
import { id } from '#start/routes/matchers'
import { middleware } from '#start/kernel'
import {
  passwordResetAddressThrottle,
  passwordResetThrottle,
  registrationThrottle,
} from '#start/limiter'

const SessionController = () => import('#controllers/auth/session_controller')
const PasswordResetController = () => import('#controllers/auth/password_reset_controller')
const PasswordRotationController = () => import('#controllers/auth/password_rotation_controller')
const EmailVerificationController = () => import('#controllers/auth/email_verification_controller')
const EmailChangeController = () => import('#controllers/profile/email_change_controller')
const UnsubscribeController = () => import('#controllers/profile/unsubscribe_controller')
const TwoFactorChallengeController = () =>
  import('#controllers/auth/two_factor_challenge_controller')
const RegistrationController = () => import('#controllers/auth/registration_controller')
const InvitationController = () => import('#controllers/auth/invitation_controller')

/**
 * Signing in and out, registration, invitations, password resets, email verification and
 * unsubscribe links.
 */
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
  .where('id', id())
router
  .post('/reset-password/:id', [PasswordResetController, 'update'])
  .as('password.update')
  .where('id', id())
router
  .get('/invitations/:id', [InvitationController, 'show'])
  .as('invitation.show')
  .where('id', id())
router
  .post('/invitations/:id', [InvitationController, 'store'])
  .as('invitation.accept')
  .where('id', id())
  .use(registrationThrottle)
router
  .get('/email/verify/:id', [EmailVerificationController, 'verify'])
  .as('email.verify')
  .where('id', id())
router
  .get('/email/change/:id', [EmailChangeController, 'confirm'])
  .as('email.change.confirm')
  .where('id', id())
router.get('/unsubscribe/:id', [UnsubscribeController, 'show']).as('unsubscribe').where('id', id())
router
  .post('/unsubscribe/:id', [UnsubscribeController, 'store'])
  .as('unsubscribe.store')
  .where('id', id())

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
