/** SPEC §9: a pull-down refreshes a list once it is pulled 45 px (antd-mobile's PullToRefresh `threshold`). */
export const PULL_REFRESH_THRESHOLD = 45;
