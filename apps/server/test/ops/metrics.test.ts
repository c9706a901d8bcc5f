import { consoleApi } from '@chatpay/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { engine, useTestApp } from '../helpers/app.ts';
import { createFriendPair, credit, loginAdmin, sendText } from '../helpers/factories.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** The value of one series in Prometheus text (`name{labels} value`), or null when absent. */
const seriesValue = (text: string, name: string, labels = '') => {
  const wanted = labels ? `${name}{${labels}}` : name;
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    if (line.slice(0, at) === wanted) return Number(line.slice(at + 1));
  }
  return null;
};

describe('/metrics (docs/operations.md)', () => {
  const t = useTestApp({ METRICS_TOKEN: TOKEN });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('answers a loopback caller in the Prometheus text format, with the process metrics', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('# TYPE chatpay_http_request_duration_seconds histogram');
    expect(res.body).toContain('chatpay_nodejs_eventloop_lag_seconds');
    expect(res.body).toContain('chatpay_process_resident_memory_bytes');
  });

  it('refuses another address, a proxied loopback request and a wrong token; accepts the token', async () => {
    const remote = { method: 'GET' as const, url: '/metrics', remoteAddress: '203.0.113.7' };
    expect((await t.app.inject(remote)).statusCode).toBe(403);
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(403);
    const wrong = await t.app.inject({ ...remote, headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(403);
    const right = await t.app.inject({ ...remote, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('chatpay_http_request_duration_seconds');
  });

  it('counts a request under its route pattern and status, never its raw URL', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-call/98765' });
    expect(missing.statusCode).toBe(404);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const text = await scrape();
    const count = seriesValue(
      text,
      'chatpay_http_request_duration_seconds_count',
      'method="GET",route="/api/health",status_code="200"',
    );
    expect(count).toBeGreaterThanOrEqual(1);
    expect(
      seriesValue(
        text,
        'chatpay_http_request_duration_seconds_count',
        'method="GET",route="unmatched",status_code="404"',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('98765');
  });

  it('counts a chat message once as stored and once per member as delivered', async () => {
    const before = await scrape();
    const stored = seriesValue(before, 'chatpay_chat_messages_stored_total') ?? 0;
    const delivered = seriesValue(before, 'chatpay_chat_message_deliveries_total') ?? 0;
    const { a, sessionId } = await createFriendPair(t);
    // Becoming friends posts the session's opening messages too: count from here.
    const middle = await scrape();
    const storedMiddle = seriesValue(middle, 'chatpay_chat_messages_stored_total') ?? 0;
    const deliveredMiddle = seriesValue(middle, 'chatpay_chat_message_deliveries_total') ?? 0;
    expect(storedMiddle).toBeGreaterThanOrEqual(stored);
    expect(deliveredMiddle).toBeGreaterThanOrEqual(delivered);
    await sendText(t, a, sessionId, 'hello metrics');
    const after = await scrape();
    expect(seriesValue(after, 'chatpay_chat_messages_stored_total')).toBe(storedMiddle + 1);
    expect(seriesValue(after, 'chatpay_chat_message_deliveries_total')).toBe(deliveredMiddle + 2);
  });

  it('counts job passes by job and result', async () => {
    await t.jobs.runNow('push');
    const text = await scrape();
    expect(seriesValue(text, 'chatpay_job_runs_total', 'job="push",result="ok"')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'chatpay_job_seconds_since_success', 'job="push"')).not.toBeNull();
    expect(seriesValue(text, 'chatpay_push_queue_pending')).not.toBeNull();
    expect(seriesValue(text, 'chatpay_webhook_queue_oldest_seconds')).not.toBeNull();
  });

  it.runIf(engine === 'postgres')('PostgreSQL: query latency and the pool', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const text = await scrape();
    expect(seriesValue(text, 'chatpay_db_query_duration_seconds_count')).toBeGreaterThan(0);
    expect(seriesValue(text, 'chatpay_db_pool_connections', 'state="max"')).toBe(20);
    expect(seriesValue(text, 'chatpay_db_pool_waiting')).toBe(0);
  });

  // Last in this file: it corrupts the books of this file's app.
  it('the scheduled ledger check: ok, then a corrupted balance fails as a metric and on the dashboard', async () => {
    const { a } = await createFriendPair(t);
    await credit(t, a, '5.00');
    // After the credit: it signs the administrator in itself, which ends an earlier session.
    const admin = await loginAdmin(t);
    const none = await scrape();
    expect(seriesValue(none, 'chatpay_ledger_check_ok')).toBe(-1);
    expect(seriesValue(none, 'chatpay_ledger_check_age_seconds')).toBe(-1);
    expect((await t.ok(consoleApi.dashboard, {}, admin.token)).ledgerCheck).toBeNull();

    expect(await t.jobs.runNow('ledger-check')).toBe(1);
    let text = await scrape();
    expect(seriesValue(text, 'chatpay_ledger_check_ok')).toBe(1);
    expect(seriesValue(text, 'chatpay_ledger_check_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(seriesValue(text, 'chatpay_ledger_checks_total', 'result="ok"')).toBe(1);
    // Not due again before the interval (one check per hour across every process).
    expect(await t.jobs.runNow('ledger-check')).toBe(0);

    await t.database.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE user_id = ${a.id} AND kind = 'available'`,
    );
    await t.database.db.execute(sql`UPDATE ledger_checks SET check_time = check_time - interval '2 hours'`);
    expect(await t.jobs.runNow('ledger-check')).toBe(1);
    text = await scrape();
    expect(seriesValue(text, 'chatpay_ledger_check_ok')).toBe(0);
    expect(seriesValue(text, 'chatpay_ledger_check_problems')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'chatpay_ledger_checks_total', 'result="failed"')).toBe(1);
    const dash = await t.ok(consoleApi.dashboard, {}, admin.token);
    expect(dash.ledgerCheck?.ok).toBe(false);
    expect(dash.ledgerCheck?.problems.join('\n')).toContain(`user ${a.id}`);
  });
});
