import { copyLine, parseCopyLine } from './copy-text.js';

describe('COPY text lines', () => {
  it('writes NULL, tabs, newlines and backslashes as COPY does, and reads them back', () => {
    const row = [null, 'plain', 'tab\there', 'two\nlines\r\n', 'back\\slash', '\\N', '', '{"a":"\\u00e9"}'];
    const line = copyLine(row);
    expect(line).toBe('\\N\tplain\ttab\\there\ttwo\\nlines\\r\\n\tback\\\\slash\t\\\\N\t\t{"a":"\\\\u00e9"}\n');
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(parseCopyLine(line.slice(0, -1))).toEqual(row);
  });

  it("reads COPY's other escapes, and a backslash before any other character as that character", () => {
    expect(parseCopyLine('a\\bb\\fc\\vd\t\\q')).toEqual(['a\bb\fc\vd', 'q']);
  });
});
