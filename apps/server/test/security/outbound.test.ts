import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress, postToCheckedTarget, webhookTargetProblem } from '../../src/lib/outbound.ts';

/** Outbound requests chosen by members or merchants (webhooks, push): docs/security.md, "Outbound requests". */
describe('addresses that reach inside', () => {
  it('refuses every form that routes to a private or special IPv4 address', () => {
    for (const ip of [
      '198.18.0.1', // benchmarking
      '198.19.255.254',
      '192.0.0.8', // IETF protocol assignments
      '192.0.2.1',
      '0.1.2.3',
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      '64:ff9b:1::c0a8:1', // local-use NAT64 of 192.168.0.1
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:a9fe:a9fe::', // 6to4 of 169.254.169.254 (cloud metadata)
      '::127.0.0.1', // IPv4-compatible
      '::7f00:1',
      '::ffff:7f00:1', // IPv4-mapped, as URL parsing writes it
      'fec0::1', // site-local
      '2001::1', // Teredo
      'fd00::1',
      'fe80::1',
      '::1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of [
      '93.184.216.34',
      '8.8.8.8',
      '2606:4700:4700::1111',
      '64:ff9b::5db8:d822',
      '2002:5db8:d822::1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refuses such URLs, and plain http when https is required', async () => {
    expect(await webhookTargetProblem('http://[64:ff9b::7f00:1]/x', false)).toMatch(/private or loopback/);
    expect(await webhookTargetProblem('http://198.18.0.1/x', false)).toMatch(/private or loopback/);
    expect(await webhookTargetProblem('http://93.184.216.34/hook', false, true)).toBe('not an https URL');
    expect(await webhookTargetProblem('https://93.184.216.34/hook', false, true)).toBeNull();
  });
});

describe('posting to a checked target', () => {
  const hits: string[] = [];
  let server: http.Server;
  let origin = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      req.resume();
      if (req.url === '/moved') {
        res.writeHead(307, { location: `${origin}/inside` });
        res.end();
        return;
      }
      res.writeHead(204);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const status = await postToCheckedTarget(`${origin}/moved`, {
      headers: {},
      body: '{}',
      allowPrivate: true,
      timeoutMs: 5000,
    });
    expect(status).toBe(307);
    expect(hits).toEqual(['/moved']);
  });

  it('refuses an internal target before connecting', async () => {
    await expect(
      postToCheckedTarget(`${origin}/x`, { headers: {}, body: '{}', allowPrivate: false, timeoutMs: 5000 }),
    ).rejects.toThrow(/private or loopback/);
    expect(hits).not.toContain('/x');
  });
});
