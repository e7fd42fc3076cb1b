// Its own module so that the jobs repo can use it without importing the job types (which import
// the services, which import the repo).
/** The queue's account key of a global job's single row. */
export const GLOBAL_KEY = '*';
