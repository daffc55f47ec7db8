import net from 'node:net';

/** What a benchmark client keeps of an answer: its status, and whether the server sent it kept. */
export interface BenchAnswer {
  status: number;
  /** Server-Timing `cache;desc="hit"`: the server sent an answer it kept. */
  kept: boolean;
}

/** The answer being read: its head until the blank line, then its body to the last byte. */
interface Reading {
  head: Buffer | undefined;
  status: number;
  kept: boolean;
  closeAfter: boolean;
  body: 'head' | 'length' | 'chunked' | 'until-close';
  /** Bytes still to skip: the body's rest, or the current chunk's data and its line end. */
  left: number;
  /** In a chunked body, a size line split across two reads. */
  sizeLine: string;
  lastChunk: boolean;
  resolve: (answer: BenchAnswer) => void;
  reject: (error: Error) => void;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * One kept-alive HTTP/1.1 connection, as each person's browser keeps its own, that sends a GET
 * and reads its answer to the last byte, the body left compressed and unread. The clients share
 * the machine's cores with the server they measure: per answer this costs them about half what
 * `node:http` does (docs/decisions/058-bench-clients-on-bare-sockets.md).
 */
export class BenchConnection {
  private socket: net.Socket | undefined;
  private reading: Reading | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  get(path: string, headers: Record<string, string>): Promise<BenchAnswer> {
    let head = `GET ${path} HTTP/1.1\r\nhost: ${this.host}:${this.port}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    return new Promise<BenchAnswer>((resolve, reject) => {
      this.reading = {
        head: undefined,
        status: 0,
        kept: false,
        closeAfter: false,
        body: 'head',
        left: 0,
        sizeLine: '',
        lastChunk: false,
        resolve,
        reject,
      };
      this.connected().write(`${head}\r\n`);
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = undefined;
  }

  private connected() {
    if (this.socket) return this.socket;
    const socket = net.connect({ host: this.host, port: this.port, noDelay: true });
    const lost = (error?: Error) => {
      // A socket closed once its last answer was read may end after the next one opened.
      if (this.socket !== socket) return;
      this.socket = undefined;
      const reading = this.reading;
      if (!reading) return;
      this.reading = undefined;
      if (reading.body === 'until-close') reading.resolve({ status: reading.status, kept: reading.kept });
      else reading.reject(error ?? new Error('connexion fermée avant la fin de la réponse'));
    };
    socket.on('data', (data: Buffer) => this.read(data));
    socket.on('error', lost);
    socket.on('close', () => lost());
    this.socket = socket;
    return socket;
  }

  private read(data: Buffer) {
    const reading = this.reading;
    if (!reading) return;
    let at = 0;
    if (reading.body === 'head') {
      const bytes = reading.head ? Buffer.concat([reading.head, data]) : data;
      const end = bytes.indexOf(HEAD_END);
      if (end === -1) {
        reading.head = bytes;
        return;
      }
      readHead(reading, bytes.toString('latin1', 0, end));
      data = bytes;
      at = end + HEAD_END.length;
    }
    if (reading.body === 'length') {
      reading.left -= Math.min(reading.left, data.length - at);
      if (reading.left === 0) this.finish(reading);
    } else if (reading.body === 'chunked' && readChunks(reading, data, at)) {
      this.finish(reading);
    }
  }

  private finish(reading: Reading) {
    this.reading = undefined;
    if (reading.closeAfter) this.close();
    reading.resolve({ status: reading.status, kept: reading.kept });
  }
}

/** The status and the headers that say how the body ends. */
function readHead(reading: Reading, head: string) {
  const lines = head.split('\r\n');
  reading.status = Number(lines[0]!.slice(9, 12));
  let length: number | undefined;
  let chunked = false;
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-length') length = Number(value);
    else if (name === 'transfer-encoding') chunked = value.toLowerCase().includes('chunked');
    else if (name === 'connection') reading.closeAfter = value.toLowerCase() === 'close';
    else if (name === 'server-timing') reading.kept = value.includes('desc="hit"');
  }
  const bodiless = reading.status === 204 || reading.status === 304;
  if (chunked && !bodiless) reading.body = 'chunked';
  else if (length === undefined && !bodiless) reading.body = 'until-close';
  else {
    reading.body = 'length';
    reading.left = bodiless ? 0 : length!;
  }
}

/** Skips a chunked body's chunks in `data` from `at`; true once its last chunk is read. */
function readChunks(reading: Reading, data: Buffer, at: number) {
  while (at < data.length) {
    if (reading.left > 0) {
      const skipped = Math.min(reading.left, data.length - at);
      reading.left -= skipped;
      at += skipped;
      if (reading.left === 0 && reading.lastChunk) return true;
      continue;
    }
    const lineEnd = data.indexOf(10, at);
    if (lineEnd === -1) {
      reading.sizeLine += data.toString('latin1', at);
      return false;
    }
    const size = parseInt(reading.sizeLine + data.toString('latin1', at, lineEnd), 16);
    reading.sizeLine = '';
    at = lineEnd + 1;
    // The last chunk is empty and followed by the blank line that ends the (absent) trailers.
    reading.lastChunk = size === 0;
    reading.left = size + 2;
  }
  return false;
}
