import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/password_policy'

/**
 * Error messages users read. Field-specific messages first, then per-rule defaults.
 */
vine.messagesProvider = new SimpleMessagesProvider(
  {
    'required': 'The {{ field }} field is required.',
    'string': 'The {{ field }} field must be text.',
    'email': 'Enter a valid email address.',
    'maxLength': 'The {{ field }} field must be at most {{ max }} characters long.',
    'minLength': 'The {{ field }} field must be at least {{ min }} characters long.',
    'number': 'The {{ field }} field must be a number.',
    // The file's kind is read from its content: an empty file, or one renamed from another
    // kind, has none that is allowed.
    'file.extname':
      'This file is empty, or its content is not of an accepted kind (accepted: {{ extnames }}).',
    'file.size': 'The file is too large: at most {{ size }}.',
    'password.minLength': `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
    'password.maxLength': `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
    'password.regex': 'The password must contain both letters and digits.',
    'confirmed': 'The password confirmation does not match.',
    'team_id.required': 'Choose a team.',
    'team_id.number': 'Choose a team.',
  },
  {
    currentPassword: 'current password',
    passwordConfirmation: 'password confirmation',
    team_id: 'team',
  }
)
