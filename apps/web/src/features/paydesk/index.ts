/** The paydesk feature's front door: what other features, pages and the app may use of it (CONTRIBUTING.md, Web features). */

export { payKeys, useCreateOrder, useGoods, useMyPurchases, useOrder, usePayOrder } from './queries.ts';
