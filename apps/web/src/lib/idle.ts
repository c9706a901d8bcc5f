/**
 * Runs `work` once the page has loaded and the browser is idle (at the latest a few seconds later): for start-up
 * work the first screen does not need, so it does not share the network and the CPU with it.
 */
export const whenIdleAfterLoad = (work: () => void) => {
  const idle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => work(), { timeout: 3000 });
    else setTimeout(work, 1000);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
};
