import { createSocket } from 'node:dgram';

/**
 * A tiny DNS server on 127.0.0.1 for tests: answers TXT queries from `records` (name → values) over UDP, NXDOMAIN
 * for names it does not know, and an empty answer for other types. Enough for node:dns's `resolveTxt`; point the
 * API at it with `DNS_RESOLVER=127.0.0.1:<port>`. `queries` lists the names asked, in order.
 */
export async function startLoopbackDnsServer(records: Map<string, string[]> = new Map()) {
  const socket = createSocket('udp4');
  const queries: string[] = [];

  socket.on('message', (message, remote) => {
    const answer = respond(message, records, queries);
    if (answer) socket.send(answer, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    records,
    queries,
    stop: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

const txtType = 16;

function respond(query: Buffer, records: Map<string, string[]>, queries: string[]): Buffer | undefined {
  if (query.length < 12) return undefined;
  const id = query.readUInt16BE(0);
  const labels: string[] = [];
  let offset = 12;
  while (offset < query.length) {
    const length = query[offset] as number;
    offset += 1;
    if (length === 0) break;
    labels.push(query.subarray(offset, offset + length).toString('ascii'));
    offset += length;
  }
  if (offset + 4 > query.length) return undefined;
  const type = query.readUInt16BE(offset);
  const question = query.subarray(12, offset + 4);
  const name = labels.join('.').toLowerCase();
  queries.push(name);

  const values = records.get(name);
  const answers = values && type === txtType ? values : [];
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  // QR, opcode 0, AA, RD copied, RA; rcode 3 (NXDOMAIN) when the name is unknown.
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | 0x0080 | (values ? 0 : 3), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const answerRecords = answers.map((value) => {
    const text = Buffer.from(value, 'utf8');
    const pieces: Buffer[] = [];
    for (let start = 0; start < text.length || start === 0; start += 255) {
      const piece = text.subarray(start, start + 255);
      pieces.push(Buffer.from([piece.length]), piece);
      if (text.length === 0) break;
    }
    const rdata = Buffer.concat(pieces);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    fixed.writeUInt16BE(txtType, 2);
    fixed.writeUInt16BE(1, 4); // class IN
    fixed.writeUInt32BE(0, 6); // TTL
    fixed.writeUInt16BE(rdata.length, 10);
    return Buffer.concat([fixed, rdata]);
  });
  return Buffer.concat([header, question, ...answerRecords]);
}
