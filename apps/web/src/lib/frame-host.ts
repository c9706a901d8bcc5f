/**
 * What the h5 web view shows of the page it frames: its host (with a port when not the default), and whether
 * the link is encrypted. The page title comes from the link itself, so only the host says whose page it is.
 */
export const frameHost = (url: string) => {
  const u = new URL(url);
  return { host: u.host, secure: u.protocol === 'https:' };
};
