import vine from '@vinejs/vine'
import { LabelledMessagesProvider } from '#validators/messages'

/** Error messages users read: the field as the page labels it, and what is allowed. */
vine.messagesProvider = new LabelledMessagesProvider()
