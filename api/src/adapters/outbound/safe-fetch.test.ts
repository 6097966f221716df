// engines: any
import assert from 'node:assert/strict';
import type { lookup as systemLookup } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createSafeFetch, isForbiddenAddress, isOutboundRequestRefused } from './safe-fetch.js';

describe('the outbound request guard (docs/decisions/0057)', () => {
  it('classifies addresses: only public unicast is allowed; loopback only when asked', () => {
    const forbidden = [
      '127.0.0.1',
      '127.9.9.9',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254', // AWS, GCP and Azure instance metadata
      '100.100.100.200', // Alibaba Cloud metadata (carrier-grade NAT range)
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      'fe80::1',
      'fd00:ec2::254', // AWS metadata over IPv6 (unique local)
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
      '2002:a9fe:a9fe::1', // 6to4 of 169.254.169.254
      'not an address',
    ];
    for (const address of forbidden) {
      assert.equal(isForbiddenAddress(address, { allowLoopback: false }), true, address);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700::1111', '2a00:1450:4001:80b::200e']) {
      assert.equal(isForbiddenAddress(address, { allowLoopback: false }), false, address);
    }
    assert.equal(isForbiddenAddress('127.0.0.1', { allowLoopback: true }), false);
    assert.equal(isForbiddenAddress('::1', { allowLoopback: true }), false);
    assert.equal(isForbiddenAddress('10.0.0.1', { allowLoopback: true }), true, 'private stays refused');
    assert.equal(isForbiddenAddress('169.254.169.254', { allowLoopback: true }), true);
  });

  describe('requests', () => {
    let server: Server;
    let origin: string;
    let hits = 0;
    before(async () => {
      server = createServer((request, response) => {
        hits += 1;
        const url = new URL(request.url ?? '/', 'http://loopback');
        const to = url.searchParams.get('to');
        if (to) response.writeHead(302, { location: to }).end();
        else response.writeHead(200, { 'content-type': 'text/plain' }).end('hello');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    const refused = async (promise: Promise<unknown>, label: string) => {
      await assert.rejects(promise, (error) => isOutboundRequestRefused(error), label);
    };

    it('refuses loopback, private and metadata addresses before connecting, in every spelling', async () => {
      const guarded = createSafeFetch({ allowLoopback: false });
      const port = (server.address() as AddressInfo).port;
      hits = 0;
      for (const url of [
        `${origin}/`,
        `http://[::1]:${port}/`,
        `http://[::ffff:7f00:1]:${port}/`,
        `http://2130706433:${port}/`, // 127.0.0.1 as a number
        `http://0x7f.1:${port}/`,
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.1/',
        'https://192.168.0.1/',
      ]) {
        await refused(guarded(url), url);
      }
      await refused(guarded('file:///etc/passwd'), 'file: scheme');
      assert.equal(hits, 0, 'no request reached the loopback server');
    });

    it('checks the addresses a host name resolves to, at connection time', async () => {
      const resolvingTo = (address: string): typeof systemLookup =>
        ((_hostname: string, _options: unknown, callback: (...args: unknown[]) => void) =>
          callback(null, [{ address, family: address.includes(':') ? 6 : 4 }])) as typeof systemLookup;
      const port = (server.address() as AddressInfo).port;
      await refused(
        createSafeFetch({ allowLoopback: false, lookup: resolvingTo('127.0.0.1') })(
          `http://idp.example:${port}/`,
        ),
        'a name resolving to loopback',
      );
      await refused(
        createSafeFetch({ allowLoopback: true, lookup: resolvingTo('169.254.169.254') })(
          'http://metadata.example/',
        ),
        'a name resolving to the metadata address',
      );
      const allowed = await createSafeFetch({ allowLoopback: true, lookup: resolvingTo('127.0.0.1') })(
        `http://idp.example:${port}/`,
      );
      assert.equal(await allowed.text(), 'hello');
    });

    it('follows redirects by hand, checking each hop, and at most three', async () => {
      const guarded = createSafeFetch({ allowLoopback: true });
      const followed = await guarded(`${origin}/?to=${encodeURIComponent(`${origin}/final`)}`);
      assert.equal(followed.status, 200);
      await refused(
        guarded(`${origin}/?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`),
        'a redirect to the metadata address',
      );
      const manual = await guarded(`${origin}/?to=${encodeURIComponent('http://10.0.0.1/')}`, {
        redirect: 'manual',
      });
      assert.equal(manual.status, 302, 'redirect: manual hands the 3xx back, as fetch does');
      let chain = `${origin}/final`;
      for (let hop = 0; hop < 4; hop += 1) chain = `${origin}/?to=${encodeURIComponent(chain)}`;
      await refused(guarded(chain), 'four redirects');
    });
  });
});
