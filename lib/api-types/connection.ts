/**
 * The connection details of a project database: host, port, name, user, the connection string, and its password (revealed on demand, reset).
 */
export {}
