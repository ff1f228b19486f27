/**
 * One problem `--verify` found (docs/audit.md): the stream, the revision and, when the event is there,
 * its id. Its own file so each check (chains, credits, seals) can name findings without importing the
 * report that gathers them.
 */
export interface ChainFinding {
  stream: string;
  revision: number;
  eventId: string | null;
  problem: string;
}
