import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';

const MIB = 1024 * 1024;

/**
 * What a PDF may hold before PDF.js reads it (the reader refuses a file past any of them, quickly): bytes
 * inflated from its streams, in all and in what may be content, streams, operators and text operators. A
 * boleto has tens of kilobytes of content, a few hundred text operators and one or two pages.
 */
export const PDF_LIMITS = {
  maxDecodedBytes: 32 * MIB,
  maxContentBytes: 8 * MIB,
  maxStreams: 5_000,
  maxOperators: 1_000_000,
  maxTextOperators: 50_000,
  maxPages: 5,
  maxTextChars: 256 * 1024,
};

/** A reader's V8 heap (old and young generation): PDF.js reads a boleto in a few megabytes. */
const HEAP_FLAGS = ['--max-old-space-size=96', '--max-semi-space-size=8'];

/** How often each reader's RSS is compared with its cap while it reads. */
const WATCH_MS = 20;
/** A file that would start with less time than this before its deadline is refused as busy instead. */
const MIN_READ_MS = 250;

// plain JavaScript beside this module: a build that compiles the BFF copies it next to pdf-reader.js
const READER_FILE = fileURLToPath(new URL('./pdf-reader-process.mjs', import.meta.url));

/** A file refused unread: past a cap, its deadline or its memory (`complex`), or behind a password. */
export class PdfRefusedError extends Error {
  override name = 'PdfRefusedError';
  constructor(
    readonly reason: 'complex' | 'protected',
    readonly detail: string,
  ) {
    super(`pdf refused: ${detail}`);
  }
}

/** Every reader busy and the queue full, or a file that waited in the queue to its deadline. */
export class PdfReaderBusyError extends Error {
  override name = 'PdfReaderBusyError';
}

export interface PdfReaderOptions {
  /** files read at once, one reader process each */
  workers: number;
  /** files waiting for a reader; one more is refused at once */
  queue: number;
  /** from the reservation to the answer, wait included: a reader still reading then is killed */
  deadlineMs: number;
  /** a reader's RSS past which it is killed, whatever it reads */
  maxRssBytes: number;
  logger: FastifyBaseLogger;
}

export interface PdfReading {
  /** the PDF's text layer; null when it is not a PDF that can be read (or has too many pages) */
  read(bytes: Uint8Array): Promise<string | null>;
  /** gives the place back (after the read, or instead of it) */
  release(): void;
}

export interface PdfReader {
  /** a place in the pool for one file, or PdfReaderBusyError at once */
  reserve(): PdfReading;
  close(): Promise<void>;
}

type ReaderAnswer =
  | { id: number; outcome: 'text'; text: string }
  | { id: number; outcome: 'refused'; cap: string }
  | { id: number; outcome: 'unreadable' | 'protected' };

interface Job {
  id: number;
  bytes: Uint8Array;
  /** performance.now() at which it is given up */
  deadline: number;
  timer: NodeJS.Timeout | undefined;
  slot: Slot | null;
  resolve(text: string | null): void;
  reject(error: Error): void;
}

interface Slot {
  reader: ChildProcess | null;
  job: Job | null;
}

/** A process's resident memory, from /proc (Linux); null where there is none. */
function rssOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1];
    return kib === undefined ? null : Number(kib) * 1024;
  } catch {
    return null;
  }
}

/**
 * Untrusted PDFs are read off the event loop, in processes of their own: a few readers with V8 heap
 * limits, a short queue, a deadline at which the reader is killed, and an RSS cap per reader (PDF.js's
 * buffers are typed arrays, outside the heap limits). Processes rather than worker threads: a killed
 * process gives all its memory back to the system, where a terminated thread leaves its allocations in
 * the BFF's own heap. Readers start with the first file and serve the next ones.
 */
export function createPdfReader({
  workers,
  queue: maxQueued,
  deadlineMs,
  maxRssBytes,
  logger,
}: PdfReaderOptions): PdfReader {
  const slots: Slot[] = Array.from({ length: workers }, () => ({ reader: null, job: null }));
  const queue: Job[] = [];
  const exiting = new Set<Promise<void>>();
  let admitted = 0;
  let nextId = 0;
  let closed = false;
  let watch: NodeJS.Timeout | null = null;

  const reading = () => slots.some((slot) => slot.job);

  const settle = (job: Job) => {
    clearTimeout(job.timer);
    const { slot } = job;
    if (slot?.job === job) slot.job = null;
    job.slot = null;
    if (watch && !reading()) {
      clearInterval(watch);
      watch = null;
    }
    dispatch();
  };

  /** Kills a reader and fails the file it was reading; the slot starts a new reader for its next file. */
  const kill = (slot: Slot, detail: string) => {
    const { reader, job } = slot;
    slot.reader = null;
    if (reader && reader.exitCode === null && reader.signalCode === null) {
      const gone = new Promise<void>((resolve) => reader.once('exit', () => resolve()));
      exiting.add(gone);
      void gone.then(() => exiting.delete(gone));
      reader.kill('SIGKILL');
    }
    if (job) {
      logger.warn({ detail }, 'pdf refused');
      job.reject(new PdfRefusedError('complex', detail));
      settle(job);
    }
  };

  const spawn = (slot: Slot) => {
    const reader = fork(READER_FILE, [JSON.stringify(PDF_LIMITS)], {
      // no loader, nothing but heap limits: the reader is plain JavaScript
      execArgv: HEAP_FLAGS,
      // none of the BFF's secrets in a process that parses hostile bytes
      env: {},
      // nothing PDF.js may print reaches the BFF's log lines
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    reader.unref();
    reader.channel?.unref();
    reader.on('message', (answer: ReaderAnswer) => {
      const { job } = slot;
      if (slot.reader !== reader || !job || answer.id !== job.id) return;
      switch (answer.outcome) {
        case 'text':
          job.resolve(answer.text);
          break;
        case 'unreadable':
          job.resolve(null);
          break;
        case 'protected':
          job.reject(new PdfRefusedError('protected', 'password'));
          break;
        case 'refused':
          logger.info({ detail: answer.cap }, 'pdf refused');
          job.reject(new PdfRefusedError('complex', answer.cap));
      }
      settle(job);
    });
    reader.on('error', (error) => {
      if (slot.reader !== reader) return;
      logger.error({ err: error }, 'pdf reader failed');
      kill(slot, 'reader');
    });
    // out of heap (V8 aborts the process) or killed by anyone else
    reader.on('exit', () => {
      if (slot.reader === reader) kill(slot, 'exit');
    });
    return reader;
  };

  /** While any file is read, each reader's RSS is held to the cap. */
  const watchMemory = () => {
    if (watch || !reading()) return;
    watch = setInterval(() => {
      for (const slot of slots) {
        const rss = slot.job ? rssOf(slot.reader?.pid) : null;
        if (rss !== null && rss > maxRssBytes) kill(slot, 'memory');
      }
    }, WATCH_MS);
    watch.unref();
  };

  /** A file still waiting is refused as busy: at its deadline, or too close to it to start. */
  const turnAway = (job: Job) => {
    clearTimeout(job.timer);
    queue.splice(queue.indexOf(job), 1);
    logger.warn('pdf reader busy: a file waited to its deadline');
    job.reject(new PdfReaderBusyError());
  };

  function dispatch() {
    if (closed) return;
    for (const job of queue.filter((j) => j.deadline - performance.now() < MIN_READ_MS)) turnAway(job);
    for (const slot of slots) {
      const job = slot.job ? undefined : queue.shift();
      if (!job) continue;
      slot.job = job;
      job.slot = slot;
      slot.reader ??= spawn(slot);
      slot.reader.send({ id: job.id, bytes: job.bytes });
    }
    watchMemory();
  }

  /** At the deadline: a file still waiting is refused as busy; one being read ends with its reader. */
  const expire = (job: Job) => (job.slot ? kill(job.slot, 'deadline') : turnAway(job));

  return {
    reserve() {
      if (closed || admitted >= workers + maxQueued) {
        logger.warn('pdf reader busy: refused at once');
        throw new PdfReaderBusyError();
      }
      admitted += 1;
      const deadline = performance.now() + deadlineMs;
      let released = false;
      return {
        read: (bytes) =>
          new Promise<string | null>((resolve, reject) => {
            if (closed) return reject(new PdfReaderBusyError());
            nextId += 1;
            const job: Job = { id: nextId, bytes, deadline, slot: null, resolve, reject, timer: undefined };
            job.timer = setTimeout(() => expire(job), Math.max(0, deadline - performance.now()));
            queue.push(job);
            dispatch();
          }),
        release() {
          if (released) return;
          released = true;
          admitted -= 1;
        },
      };
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) {
        clearTimeout(job.timer);
        job.reject(new PdfReaderBusyError());
      }
      for (const slot of slots) kill(slot, 'closing');
      await Promise.all(exiting);
    },
  };
}
