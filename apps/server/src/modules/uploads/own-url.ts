/** Our own upload: `/uploads/...` or under PUBLIC_URL; never a path with `..`. */
export const isOwnUrl = (url: string, publicUrl: string | undefined) => {
  if (url.includes('..')) return false;
  if (url.startsWith('/uploads/')) return true;
  const base = publicUrl?.replace(/\/+$/, '');
  return Boolean(base) && url.startsWith(`${base}/uploads/`);
};
