/*
 * JavaScript entrypoint for ace: registers the TypeScript loader, then boots the console.
 * Run it through npm (`npm run ace -- <command>`) so that the project's Node 24 is used.
 */
import '@poppinss/ts-exec'

await import('./bin/console.js')
