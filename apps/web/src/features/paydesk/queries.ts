import { appGoodsApi, type InputOf, type PayOrder, payDeskApi } from '@chatpay/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/request.ts';
import { invalidateWallet } from '../wallet/queries.ts';

export const payKeys = {
  all: ['pay'] as const,
  goods: () => [...payKeys.all, 'goods'] as const,
  order: (orderNo: string) => [...payKeys.all, 'order', orderNo] as const,
  orders: () => [...payKeys.all, 'orders'] as const,
};

/** What I paid for at the pay desk (goods and merchants' checkouts), newest first, a page at a time. */
export const useMyPurchases = () =>
  useInfiniteQuery({
    queryKey: payKeys.orders(),
    queryFn: ({ pageParam }) => call(payDeskApi.page, { page: pageParam, size: 20 }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.list.length, 0) < last.pagination.total ? pages.length + 1 : undefined,
  });

/** What the pay desk sells. */
export const useGoods = () =>
  useQuery({ queryKey: payKeys.goods(), queryFn: () => call(appGoodsApi.list, {}) });

/** One of my orders (the success page, or a cashier opened for an order). */
export const useOrder = (orderNo: string) =>
  useQuery({
    queryKey: payKeys.order(orderNo),
    queryFn: () => call(payDeskApi.info, { orderNo }),
    enabled: orderNo.length > 0,
    retry: false,
  });

/** Opens an order for goods (idempotent by the attempt's requestId). */
export const useCreateOrder = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof payDeskApi.create>) => call(payDeskApi.create, input),
    onSuccess: (order) => qc.setQueryData(payKeys.order(order.orderNo), order),
  });
};

/** Pays an order with the PIN; an order is paid at most once (the server refuses a second payment). */
export const usePayOrder = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InputOf<typeof payDeskApi.pay>) => call(payDeskApi.pay, input),
    onSuccess: (order: PayOrder) => qc.setQueryData(payKeys.order(order.orderNo), order),
    onSettled: () => invalidateWallet(qc),
  });
};
