import { spawnSync } from 'node:child_process';

// The committed demo CSVs are what scripts/demo-catalog/generate.mjs writes: a column added to a CSV
// by hand (or to the generator alone) is caught here, not at the next regeneration.
describe('the demo catalog generator', () => {
  it('finds the committed CSVs, their headers and media as it would write them', () => {
    const run = spawnSync(process.execPath, ['scripts/demo-catalog/generate.mjs', '--check'], { encoding: 'utf8' });
    expect(run.stdout + run.stderr).toMatch(/^check: ok$/m);
    expect(run.status).toBe(0);
  });
});
