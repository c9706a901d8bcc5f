import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createContractClient,
  ErrorCode,
  endpoint,
  successData,
  type Transport,
  type TransportRequest,
  UnexpectedAnswerError,
  usdtAmount,
} from '../src/index.ts';

const getThing = endpoint({
  method: 'GET',
  path: '/test/thing',
  input: z.object({
    id: z.coerce.number(),
    tags: z.array(z.string()).optional(),
    note: z.string().optional(),
  }),
  output: z.object({ id: z.number(), amount: usdtAmount, createTime: z.string() }),
  auth: 'user',
  summary: 'a thing',
});

const postThing = endpoint({
  method: 'POST',
  path: '/test/thing',
  input: z.object({ amount: usdtAmount }),
  output: z.object({ ok: z.literal(true) }),
  auth: 'none',
  summary: 'post a thing',
});

/** A transport that records requests and answers what it is given. */
const fake = (answer: (req: TransportRequest) => { status: number; body: unknown }) => {
  const sent: TransportRequest[] = [];
  const transport: Transport = async (req) => {
    sent.push(req);
    return answer(req);
  };
  return { sent, client: createContractClient(transport) };
};

const success = (data: unknown) => ({
  status: 200,
  body: { code: ErrorCode.Success, data, message: 'success' },
});

describe('contract client', () => {
  it('sends GET input as a query under /api with the token, leaving out undefined', async () => {
    const { sent, client } = fake(() =>
      success({ id: 1, amount: '1.00', createTime: '2024-01-01T00:00:00Z' }),
    );
    await client.ok(getThing, { id: 7, tags: ['a', 'b'], note: undefined }, 'tok');
    expect(sent).toEqual([
      { method: 'GET', path: '/api/test/thing', query: { id: '7', tags: ['a', 'b'] }, token: 'tok' },
    ]);
  });

  it('sends POST input as the body, as given (invalid input too), and no token when none is given', async () => {
    const { sent, client } = fake(() => ({
      status: 200,
      body: { code: ErrorCode.Validation, data: [], message: 'bad' },
    }));
    const r = await client.call(postThing, { amount: '-1' });
    expect(sent).toEqual([{ method: 'POST', path: '/api/test/thing', body: { amount: '-1' } }]);
    expect(r).toEqual({ status: 200, code: ErrorCode.Validation, data: [], message: 'bad' });
  });

  it('answers the data exactly as it came: money strings, dates and undeclared fields untouched', async () => {
    const wire = { id: 1, amount: '0.000001', createTime: '2024-05-06T07:08:09.123Z', leaked: 'x' };
    const { client } = fake(() => success(wire));
    const data = await client.ok(getThing, { id: 1 }, 'tok');
    expect(data).toEqual(wire);
    // Typed by the contract: no cast needed.
    const amount: string = data.amount;
    expect(amount).toBe('0.000001');
  });

  it('ok throws naming the path, code and message on a refusal', async () => {
    const { client } = fake(() => ({
      status: 403,
      body: { code: ErrorCode.Forbidden, data: null, message: 'no' },
    }));
    const error = await client.ok(getThing, { id: 1 }, 'tok').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedAnswerError);
    expect(String(error)).toContain('GET /test/thing');
    expect(String(error)).toContain(`code ${ErrorCode.Forbidden}`);
    expect(String(error)).toContain('"no"');
    expect((error as UnexpectedAnswerError).result.status).toBe(403);
  });

  it('ok throws when a success answer drifts from the output schema', async () => {
    const { client } = fake(() => success({ id: '1', amount: '1.00', createTime: 'x' }));
    await expect(client.ok(getThing, { id: 1 }, 'tok')).rejects.toThrow(/outside its contract: id:/);
  });

  it('fails answers the envelope of the expected refusal and throws on success or another code', async () => {
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { code: ErrorCode.Validation, data: [{ field: 'amount' }], message: 'bad' },
    };
    const { client } = fake(() => answer);
    const r = await client.fails(postThing, { amount: 'x' }, null, ErrorCode.Validation);
    expect(r.data).toEqual([{ field: 'amount' }]);
    await expect(client.fails(postThing, { amount: 'x' }, null, ErrorCode.Forbidden)).rejects.toThrow(
      /expected code 1004: POST \/test\/thing answered HTTP 400, code 1002/,
    );
    answer = success({ ok: true });
    await expect(client.fails(postThing, { amount: '1' }, null, ErrorCode.Validation)).rejects.toThrow(
      /expected code 1002/,
    );
  });

  it('successData types an envelope already in hand, and refuses a refusal', async () => {
    const { client } = fake(() => success({ id: 3, amount: '2.50', createTime: 'now' }));
    const res = await client.call(getThing, { id: 3 }, 'tok');
    expect(successData(getThing, res).amount).toBe('2.50');
    const refused = { status: 200, code: ErrorCode.NotFound, message: 'gone', data: null };
    expect(() => successData(getThing, refused)).toThrow(
      /expected success: GET \/test\/thing answered HTTP 200, code 1005 "gone"/,
    );
  });

  it('throws when the answer is not an envelope', async () => {
    const { client } = fake(() => ({ status: 502, body: 'Bad Gateway' }));
    await expect(client.call(postThing, { amount: '1' })).rejects.toThrow(
      /HTTP 502 without an envelope: Bad Gateway/,
    );
  });
});
