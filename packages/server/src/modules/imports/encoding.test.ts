import { describe, expect, it } from 'vitest';
import { encodingInspector } from './encoding.js';

/** The verdict on `bytes` pushed in pieces of `size` bytes (as a stream cuts them). */
function verdictOf(bytes: Buffer, size: number) {
  const inspector = encodingInspector();
  for (let start = 0; start < bytes.length; start += size) inspector.push(bytes.subarray(start, start + size));
  return inspector.finish();
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const latin = (text: string) => Buffer.from(text, 'latin1');

describe('a file encoding decided line by line', () => {
  it('tells UTF-8, Windows-1252 and ASCII apart, whatever the chunk size', () => {
    for (const size of [1, 2, 3, 7, 64, 65536]) {
      expect(verdictOf(utf8('data;nucleo\n1;Granja São João\n2;Fêmea\n'), size), `size ${size}`).toEqual({ utf8: true, mixedLine: undefined });
      expect(verdictOf(latin('data;nucleo\n1;Granja São João\n2;Fêmea\n'), size), `size ${size}`).toEqual({ utf8: false, mixedLine: undefined });
      expect(verdictOf(utf8('data;nucleo\n1;Granja\n'), size), `size ${size}`).toEqual({ utf8: true, mixedLine: undefined });
    }
  });

  it('names the line where the second encoding first shows up, whatever the chunk size', () => {
    const file = Buffer.concat([utf8('h\n\nSão\nJoão\n'), latin('S\xe3o\n'), utf8('ok\n'), latin('Jo\xe3o\n')]);
    const reversed = Buffer.concat([latin('h\nS\xe3o\n'), utf8('ok\nSão\n')]);
    for (const size of [1, 3, 5, 64]) {
      expect(verdictOf(file, size), `size ${size}`).toEqual({ utf8: false, mixedLine: 5 });
      expect(verdictOf(reversed, size), `size ${size}`).toEqual({ utf8: false, mixedLine: 4 });
    }
  });

  it('checks a line longer than what it holds in pieces cut between characters', () => {
    const long = utf8(`${'ã'.repeat(700_000)}\n`);
    expect(verdictOf(long, 65536)).toEqual({ utf8: true, mixedLine: undefined });
    expect(verdictOf(Buffer.concat([long.subarray(0, long.length - 1), latin('\xe3\n')]), 65536)).toEqual({ utf8: false, mixedLine: 1 });
  });
});
