import { highlightParts } from '../search.ts';

/** `text` with each occurrence of `keyword` marked. */
export const Highlight = ({ text, keyword }: { text: string; keyword: string }) => (
  <>
    {highlightParts(text, keyword).map((part, i) =>
      part.hit ? (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
        <mark key={i} className="search-hit">
          {part.text}
        </mark>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
        <span key={i}>{part.text}</span>
      ),
    )}
  </>
);
