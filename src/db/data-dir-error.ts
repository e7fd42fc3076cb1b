// Its own module so that the CLI can recognise it without loading the embedded database (PGlite)
// on a process that uses a PostgreSQL server.
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`the embedded database in ${dataDir} is in use by process ${pid}; stop it first (or set DATA_DIR to another folder)`);
  }
}
