import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import { attachQueryCounter } from '#services/db/query_counter'

/**
 * Every database connection reports its statements to the query counter: connections opened
 * later through the connect event, the ones already open directly.
 */
type Clients = { client?: any; readClient?: any }

function attach(connection: Clients) {
  if (connection.client) attachQueryCounter(connection.client)
  if (connection.readClient) attachQueryCounter(connection.readClient)
}

emitter.on('db:connection:connect', (connection) => attach(connection as unknown as Clients))
for (const { connection } of db.manager.connections.values()) {
  if (connection) attach(connection as unknown as Clients)
}
