import { appGoodsApi, type InputOf, type PayOrder, payDeskApi } from '@chatpay/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resolveLocale } from '../../lib/i18n/locale.ts';
import { call } from '../../lib/request.ts';
import { invalidateWallet } from '../wallet/index.ts';

export const payKeys = {
  all: ['pay'] as const,
  goods: (lang: string) => [...payKeys.all, 'goods', lang] as const,
  order: (orderNo: string) => [...payKeys.all, 'order', orderNo] as const,
  orders: (lang: string) => [...payKeys.all, 'orders', lang] as const,
  grants: () => [...payKeys.all, 'grants'] as const,
};

/** Goods come named in the reader's language when staff wrote one. */
const useLang = () => resolveLocale(useTranslation().i18n.language);

/** What I paid for at the pay desk (goods and merchants' checkouts), newest first, a page at a time. */
export const useMyPurchases = () => {
  const lang = useLang();
  return useInfiniteQuery({
    queryKey: payKeys.orders(lang),
    queryFn: ({ pageParam }) => call(payDeskApi.page, { page: pageParam, size: 20, lang }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.list.length, 0) < last.pagination.total ? pages.length + 1 : undefined,
  });
};

/** What the pay desk sells. */
export const useGoods = () => {
  const lang = useLang();
  return useQuery({ queryKey: payKeys.goods(lang), queryFn: () => call(appGoodsApi.list, { lang }) });
};

/** What my purchases granted me (the VIP badge and its end, the deposit badge), for the Me tab. */
export const useMyGrants = () =>
  useQuery({ queryKey: payKeys.grants(), queryFn: () => call(appGoodsApi.grants, {}) });

/** One of my orders (the success page, or a cashier opened for an order). */
export const useOrder = (orderNo: string) => {
  const lang = useLang();
  return useQuery({
    queryKey: payKeys.order(orderNo),
    queryFn: () => call(payDeskApi.info, { orderNo, lang }),
    enabled: orderNo.length > 0,
    retry: false,
  });
};

/** Opens an order for goods (idempotent by the attempt's requestId). */
export const useCreateOrder = () => {
  const qc = useQueryClient();
  const lang = useLang();
  return useMutation({
    mutationFn: (input: InputOf<typeof payDeskApi.create>) => call(payDeskApi.create, { lang, ...input }),
    onSuccess: (order) => qc.setQueryData(payKeys.order(order.orderNo), order),
  });
};

/** Pays an order with the PIN; an order is paid at most once (the server refuses a second payment). */
export const usePayOrder = () => {
  const qc = useQueryClient();
  const lang = useLang();
  return useMutation({
    mutationFn: (input: InputOf<typeof payDeskApi.pay>) => call(payDeskApi.pay, { lang, ...input }),
    onSuccess: (order: PayOrder) => {
      qc.setQueryData(payKeys.order(order.orderNo), order);
      void qc.invalidateQueries({ queryKey: [...payKeys.all, 'orders'] });
      if (order.granted) void qc.invalidateQueries({ queryKey: payKeys.grants() });
    },
    onSettled: () => invalidateWallet(qc),
  });
};
