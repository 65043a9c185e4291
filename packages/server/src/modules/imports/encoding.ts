import { isAscii, isUtf8 } from 'node:buffer';

/** What the bytes of a file say about its text encoding, line by line. */
export interface EncodingVerdict {
  /** Every byte sequence is valid UTF-8 (read as UTF-8; else as Windows-1252). */
  utf8: boolean;
  /**
   * Some lines hold valid multi-byte UTF-8 and others bytes that are not UTF-8: the line (1-based)
   * where the second encoding first shows up. Undefined when the file is of one encoding.
   */
  mixedLine: number | undefined;
}

const NEWLINE = 0x0a;
/** A line longer than this is checked in pieces (cut between characters), so memory stays bounded. */
const MAX_HELD_BYTES = 1024 * 1024;

/** True for a UTF-8 continuation byte (10xxxxxx): a character does not start there. */
const isContinuation = (byte: number) => (byte & 0xc0) === 0x80;

/**
 * Decides a file's encoding from its bytes as they stream by, one line at a time: a line is
 * ASCII, valid multi-byte UTF-8, or not UTF-8 (read as Windows-1252). A file with lines of both
 * of the last two kinds is mixed: decoded either way, part of its text would come out wrong
 * ('Granja SÃ£o JoÃ£o' beside 'Granja São João'). Whole chunks are checked natively first; only
 * a chunk that is not valid UTF-8 is split into lines.
 */
export function encodingInspector() {
  let held: Buffer = Buffer.alloc(0);
  /** Line number of the first line in `held`. */
  let line = 1;
  let firstUtf8Line: number | undefined;
  let firstOtherLine: number | undefined;

  const countLines = (bytes: Buffer, end = bytes.length) => {
    let count = 0;
    for (let at = bytes.indexOf(NEWLINE); at !== -1 && at < end; at = bytes.indexOf(NEWLINE, at + 1)) count += 1;
    return count;
  };

  /** Checks complete lines (or a cut-down piece of one long line) starting at line `first`. */
  function check(bytes: Buffer, first: number) {
    if (bytes.length === 0 || isAscii(bytes)) return;
    if (isUtf8(bytes)) {
      if (firstUtf8Line === undefined) firstUtf8Line = first + countLines(bytes, bytes.findIndex((byte) => byte >= 0x80));
      return;
    }
    let start = 0;
    for (let number = first; start < bytes.length; number += 1) {
      const newline = bytes.indexOf(NEWLINE, start);
      const end = newline === -1 ? bytes.length : newline;
      const text = bytes.subarray(start, end);
      if (!isAscii(text)) {
        if (isUtf8(text)) firstUtf8Line ??= number;
        else firstOtherLine ??= number;
      }
      start = end + 1;
    }
  }

  return {
    push(chunk: Buffer): void {
      const bytes = held.length === 0 ? chunk : Buffer.concat([held, chunk]);
      const lastNewline = bytes.lastIndexOf(NEWLINE);
      if (lastNewline !== -1) {
        const complete = bytes.subarray(0, lastNewline + 1);
        check(complete, line);
        line += countLines(complete);
        held = Buffer.from(bytes.subarray(lastNewline + 1));
        return;
      }
      held = bytes;
      if (held.length <= MAX_HELD_BYTES) return;
      // One very long line: check it up to a character boundary, keep the rest.
      let cut = held.length - 1;
      while (cut > held.length - 4 && isContinuation(held[cut]!)) cut -= 1;
      check(held.subarray(0, cut), line);
      held = Buffer.from(held.subarray(cut));
    },

    finish(): EncodingVerdict {
      check(held, line);
      held = Buffer.alloc(0);
      const mixedLine = firstUtf8Line !== undefined && firstOtherLine !== undefined ? Math.max(firstUtf8Line, firstOtherLine) : undefined;
      return { utf8: firstOtherLine === undefined, mixedLine };
    },
  };
}
