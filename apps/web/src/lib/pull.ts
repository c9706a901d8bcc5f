/**
 * A pull-down refreshes a list once it is pulled 45 px (antd-mobile's PullToRefresh `threshold`)
 * (docs/product.md#limits).
 */
export const PULL_REFRESH_THRESHOLD = 45;
