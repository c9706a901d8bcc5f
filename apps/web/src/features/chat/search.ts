import { messageApi, SEARCH_KEYWORD_MAX, sessionApi } from '@chatpay/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../lib/request.ts';
import { chatKeys } from './keys.ts';

/** How long typing must pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;
export const MESSAGE_HITS_PAGE = 20;

/** What the server accepts as a keyword: trimmed, at most SEARCH_KEYWORD_MAX characters ('' = no search). */
export const searchKeyword = (input: string) => input.trim().slice(0, SEARCH_KEYWORD_MAX).trim();

/** `value`, once it has stayed the same for `ms`. */
export const useDebounced = <T>(value: T, ms = SEARCH_DEBOUNCE_MS) => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

/** My friends and chats whose names contain the keyword. */
export const useNameSearch = (keyword: string, enabled = true) =>
  useQuery({
    queryKey: chatKeys.nameSearch(keyword),
    queryFn: () => call(sessionApi.search, { keyword }),
    enabled: enabled && keyword.length > 0,
    staleTime: 30_000,
  });

/** Messages containing the keyword, newest first, in all my chats or in session `sessionId` (0 = all). */
export const useMessageSearch = (keyword: string, sessionId = 0) =>
  useInfiniteQuery({
    queryKey: chatKeys.messageSearch(keyword, sessionId),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) =>
      call(messageApi.search, {
        keyword,
        sessionId: sessionId || undefined,
        cursor: pageParam,
        size: MESSAGE_HITS_PAGE,
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: keyword.length > 0,
    staleTime: 30_000,
  });

export interface TextPart {
  text: string;
  hit: boolean;
}

/** `text` cut into pieces, those equal to `keyword` (ignoring case) marked, for highlighting. */
export const highlightParts = (text: string, keyword: string): TextPart[] => {
  if (!keyword) return [{ text, hit: false }];
  const lower = text.toLowerCase();
  const needle = keyword.toLowerCase();
  // Lower-casing can change a string's length (rare scripts): then mark nothing rather than the wrong part.
  if (lower.length !== text.length) return [{ text, hit: false }];
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false });
    parts.push({ text: text.slice(at, at + needle.length), hit: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), hit: false });
  return parts;
};

/** A long message shortened to the part around its first hit, so the hit shows in a one-line row. */
export const snippet = (text: string, keyword: string, before = 12) => {
  const flat = text.replace(/\s+/g, ' ');
  const at = flat.toLowerCase().indexOf(keyword.toLowerCase());
  return at > before ? `…${flat.slice(at - before)}` : flat;
};
