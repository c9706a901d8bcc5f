import { describe, expect, it } from 'vitest';
import { registerPlugins } from '../../app/plugins.ts';
import { setLocale } from '../../lib/i18n/index.ts';
import { previewText } from '../chat/index.ts';

// The kinds and notices of other features, as the app registers them at start-up.
registerPlugins();

describe('session list preview of money messages', () => {
  it('names a transfer and a red packet with its greeting, in the reader language', async () => {
    await setLocale('en');
    expect(previewText('transfer', { op: 'add', amount: '1.00', remark: 'x' })).toBe('[Transfer]');
    expect(previewText('redpacket', { packetId: 1, greeting: 'Happy Friday!' })).toBe(
      '[Red packet] Happy Friday!',
    );
    expect(previewText('redpacket', { packetId: 1, greeting: '' })).toBe('[Red packet] Best wishes');
    await setLocale('zh');
    expect(previewText('redpacket', { packetId: 1, greeting: '' })).toBe('[红包] 恭喜发财，大吉大利');
    expect(previewText('transfer', {})).toBe('[转账]');
    await setLocale('en');
  });
});
