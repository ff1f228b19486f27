import { DatabaseHealth, FAULT_REASONS } from './database-health.js';

const serverError = (code: string) => Object.assign(new Error('from the server'), { code });

describe('DatabaseHealth', () => {
  let now = 0;
  const health = (dataFolder?: string) => new DatabaseHealth({ now: () => now, dataFolder });
  beforeEach(() => {
    now = 1_000_000;
  });

  it('says a disk-full or read-only fault for 2 s after it was last met, and unreachable never (the probe says it)', async () => {
    const database = health();
    expect(database.noteError(serverError('53100'))).toBe('disk_full');
    expect(database.noteError(serverError('25006'))).toBe('read_only');
    expect(database.noteError(serverError('ECONNREFUSED'))).toBe('unreachable');
    expect(await database.reasons()).toEqual([FAULT_REASONS.disk_full, FAULT_REASONS.read_only]);
    now += 1500;
    database.noteError(serverError('53100'));
    now += 1000;
    expect(await database.reasons()).toEqual([FAULT_REASONS.disk_full]);
    now += 1001;
    expect(await database.reasons()).toEqual([]);
  });

  it('notes nothing of an error that is no database fault', async () => {
    const database = health();
    const heard: string[] = [];
    database.onFault((fault) => heard.push(fault));
    expect(database.noteError(new Error('a bug'))).toBeNull();
    expect(heard).toEqual([]);
    expect(await database.reasons()).toEqual([]);
  });

  it("tells its listeners of every fault until they leave, and says the embedded server's state while it is down", async () => {
    const database = health();
    const heard: string[] = [];
    const leave = database.onFault((fault) => heard.push(fault));
    database.noteError(serverError('57P01'));
    leave();
    database.noteError(serverError('53100'));
    expect(heard).toEqual(['unreachable']);

    database.serverState('The embedded PostgreSQL in /data/pg stopped (SIGKILL); the shop is starting it again.');
    expect(await database.reasons()).toContain(
      'The embedded PostgreSQL in /data/pg stopped (SIGKILL); the shop is starting it again.',
    );
    database.serverState(null);
    expect(await database.reasons()).toEqual([FAULT_REASONS.disk_full]);
  });

  it("counts an unreachable server as the disk's fault while its folder has less than a WAL segment free", async () => {
    let free = 1024 * 1024;
    const database = new DatabaseHealth({ now: () => now, dataFolder: '/data/pg', freeBytes: () => free });
    const heard: string[] = [];
    database.onFault((fault) => heard.push(fault));
    expect(database.noteError(serverError('ECONNREFUSED'))).toBe('disk_full');
    expect(await database.reasons()).toEqual(["The disk of the database's folder /data/pg is full (1 MB free)."]);
    free = 64 * 1024 * 1024;
    expect(database.noteError(serverError('ECONNREFUSED'))).toBe('unreachable');
    expect(heard).toEqual(['disk_full', 'unreachable']);
    expect(await database.reasons()).toEqual([FAULT_REASONS.disk_full]);
  });

  it('reads the free space of a folder that has plenty as no reason, and a folder gone as none either', async () => {
    expect(await health(__dirname).reasons()).toEqual([]);
    expect(await health('/no/such/folder').reasons()).toEqual([]);
  });
});
