/** Query keys of red packets. */
export const redPacketKeys = {
  all: ['redpacket'] as const,
  detail: (id: number) => [...redPacketKeys.all, 'detail', id] as const,
};
