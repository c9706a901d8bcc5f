/** How a moment's images are laid out, as on WeChat. */
export interface GridLayout {
  /** Cells per row. */
  columns: number;
  /** One picture: shown large in its own proportions instead of a square cell. */
  single: boolean;
}

/** One picture large; four as 2×2; 2-3 and 5-9 in rows of three square cells. */
export const gridLayout = (count: number): GridLayout => {
  if (count <= 1) return { columns: 1, single: count === 1 };
  if (count === 4) return { columns: 2, single: false };
  return { columns: 3, single: false };
};

/**
 * The box of a single picture: it keeps its proportions inside `max`×`max`, and very long or very wide
 * pictures are cropped to at most 1:2 so one post never fills the screen.
 */
export const singleImageBox = (width: number, height: number, max: number) => {
  if (!(width > 0 && height > 0)) return { width: max * 0.75, height: max * 0.75 };
  const ratio = Math.min(2, Math.max(0.5, width / height));
  return ratio >= 1
    ? { width: max, height: Math.round(max / ratio) }
    : { width: Math.round(max * ratio), height: max };
};
