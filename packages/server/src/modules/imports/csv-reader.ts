import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Longest record the parser holds (characters): a file without line breaks cannot fill memory. */
const MAX_RECORD_CHARS = 64 * 1024;
/**
 * Bytes read at a time; the rows of one read (about 900) travel to the import together, and the
 * request thread checks them in one go: small enough that other calls wait a few ms for it.
 */
const CHUNK_BYTES = 64 * 1024;
/** Chunks parsed ahead of the import at most: memory stays bounded whatever the file's size. */
const CHUNKS_AHEAD = 8;
/** csv-parse's CommonJS entry, loaded by the worker with its own require. */
const CSV_PARSE_ENTRY = createRequire(import.meta.url).resolve('csv-parse');

export interface CsvHandler {
  /** A record and the file line it ends on (1-based). */
  record(record: string[], line: number): void;
  /** A record the CSV grammar refuses (an unclosed quote, a record over the size limit). */
  malformed(line: number): void;
  /** Called after each chunk's records, before the next chunk is taken: where rows are written. */
  drain(): Promise<void>;
}

interface ChunkMessage {
  /** Every field of the chunk's records, in order, joined by U+0000. */
  text: string;
  /** Fields per record (0 for a malformed one). */
  counts: Int32Array;
  /** Each record's last line; negative: a malformed record starting at that line. */
  lines: Int32Array;
}
type WorkerMessage = ChunkMessage | { done: true };

/**
 * The parsing half of an import, in a worker thread so a big file is parsed on one core while
 * the import checks and writes rows on the other. Plain JavaScript (an eval worker), because it
 * must run the same from the sources under test as from the build; it only reads the file and
 * runs csv-parse (a BOM skipped, empty lines ignored, Windows-1252 decoded when the file is not
 * UTF-8). Records go back in one string per chunk: a string crosses threads as one copy where an
 * array of a million small strings would be cloned one by one, and one split gives all its fields.
 * U+0000 inside a value (a control character, refused anyway) becomes U+0002 so it cannot break
 * that framing.
 *
 * csv-parse tells a record's line only through its `info`, current while `push` runs: taking
 * each record in push gives the line without csv-parse's per-record info copies.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createReadStream } = require('node:fs');
const { Parser } = require(workerData.csvParse);
let texts = [];
let counts = [];
let lines = [];
let lastLine = 0;
let sent = 0;
let acknowledged = 0;
let wake = null;
parentPort.on('message', () => {
  acknowledged += 1;
  if (wake) { const resume = wake; wake = null; resume(); }
});
const FRAMING = /\\u0000/;
class LineParser extends Parser {
  push(record) {
    if (record === null) return super.push(null);
    lastLine = this.info.lines;
    lines.push(lastLine);
    const clean = FRAMING.test(record.join('')) ? record.map((field) => field.replace(/\\u0000/g, '\\u0002')) : record;
    counts.push(clean.length);
    texts.push(clean.join('\\u0000'));
    return true;
  }
}
const parser = new LineParser({
  delimiter: workerData.delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true,
  skip_records_with_error: true, max_record_size: workerData.maxRecord,
  // Reported on the line after the last good record: where a broken record starts.
  on_skip: () => { lines.push(-(lastLine + 1)); counts.push(0); lastLine = parser.info.lines; },
});
const step = (run) => { let failure; run((error) => { failure = error; }); if (failure) throw failure; };
async function post() {
  const chunkLines = Int32Array.from(lines);
  const chunkCounts = Int32Array.from(counts);
  parentPort.postMessage({ text: texts.join('\\u0000'), counts: chunkCounts, lines: chunkLines }, [chunkLines.buffer, chunkCounts.buffer]);
  texts = [];
  counts = [];
  lines = [];
  sent += 1;
  if (sent - acknowledged >= workerData.ahead) await new Promise((resolve) => { wake = resolve; });
}
(async () => {
  const decoder = workerData.utf8 ? null : new TextDecoder('windows-1252');
  for await (const chunk of createReadStream(workerData.path, { highWaterMark: workerData.chunkBytes })) {
    const bytes = decoder ? Buffer.from(decoder.decode(chunk, { stream: true }), 'utf8') : chunk;
    step((done) => parser._transform(bytes, 'utf8', done));
    await post();
  }
  if (decoder) step((done) => parser._transform(Buffer.from(decoder.decode(), 'utf8'), 'utf8', done));
  step((done) => parser._flush(done));
  await post();
  parentPort.postMessage({ done: true });
})().catch((error) => { throw error; });
`;

/**
 * Streams a delimited file through csv-parse in a worker, one chunk at a time, and hands its
 * records to `handler` in file order; the worker waits while CHUNKS_AHEAD chunks are unhandled.
 */
export function readCsv(path: string, options: { delimiter: string; utf8: boolean }, handler: CsvHandler): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { path, delimiter: options.delimiter, utf8: options.utf8, csvParse: CSV_PARSE_ENTRY, maxRecord: MAX_RECORD_CHARS, chunkBytes: CHUNK_BYTES, ahead: CHUNKS_AHEAD },
    });
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      reject(error);
    };
    let queue = Promise.resolve();
    worker.on('message', (message: WorkerMessage) => {
      queue = queue
        .then(async () => {
          if (settled) return;
          if ('done' in message) {
            settled = true;
            void worker.terminate();
            resolve();
            return;
          }
          const fields = message.text.split('\u0000');
          let offset = 0;
          for (let index = 0; index < message.lines.length; index += 1) {
            const line = message.lines[index]!;
            const count = message.counts[index]!;
            if (line < 0) handler.malformed(-line);
            else handler.record(fields.slice(offset, offset + count), line);
            offset += count;
          }
          await handler.drain();
          worker.postMessage('next');
        })
        .catch(fail);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the CSV worker stopped (exit code ${code}) before the end of the file`)));
  });
}
