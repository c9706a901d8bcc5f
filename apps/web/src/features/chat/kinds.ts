import { type ComponentType, useEffect, useSyncExternalStore } from 'react';
import type { UiMessage } from './thread.ts';

/**
 * Chat is the host of message kinds: a feature that posts its own kind of message (a transfer, a red packet)
 * or its own notices (an order's, a wallet's) registers how they look here, and chat's views look them up.
 * Chat's own kinds (text, image, video, voice, file, recall and friend notices) are built in. `app/plugins.ts`
 * registers every feature's kinds at start-up, before anything renders.
 *
 * A preview or a notice's text is a small function, registered at once (the session list shows it on the
 * first screen); a bubble or a notice card is a component whose code loads with the pages that show
 * messages (`loadMessageKinds`), so the money features stay out of the first screen's bundle.
 */

/** A member's name in a group (their alias there, else their nick name); undefined when not known. */
export type NameOf = (userId: number) => string | undefined;

type Content = Record<string, unknown> | null;

/** What a registered bubble is drawn from. `theirName` names the other member of a single chat. */
export interface BubbleProps {
  m: UiMessage;
  mine: boolean;
  theirName: string;
}

/** What a registered notice card is drawn from: the notice's content. */
export interface NoticeCardProps {
  content: Record<string, unknown>;
}

type Loader<P> = () => Promise<ComponentType<P>>;

export interface MessageKind {
  /** The one line for the session list, a notification or a quote. */
  preview: (content: Content) => string;
  /** Drawn without the bubble's background: the card draws its own shape. */
  bare?: boolean;
  /** The inside of the bubble. */
  Bubble: Loader<BubbleProps>;
}

export interface NoticeKind {
  /**
   * A notice of this namespace (`wallet.transferIn` is in `wallet`) in the reader's language; null when the
   * type is not known here, so the server's text is shown instead.
   */
  text: (type: string, content: Content, nameOf?: NameOf) => string | null;
  /** Types drawn as a card of their own instead of a line of text. */
  cards?: Record<string, Loader<NoticeCardProps>>;
}

/** A component's code, loaded once. */
interface Part<P> {
  load: Loader<P>;
  component?: ComponentType<P>;
  pending?: Promise<void>;
}

const kinds = new Map<string, { kind: MessageKind; part: Part<BubbleProps> }>();
const notices = new Map<string, { kind: NoticeKind; parts: Map<string, Part<NoticeCardProps>> }>();

let version = 0;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getVersion = () => version;

const loadPart = <P>(part: Part<P>): Promise<void> => {
  part.pending ??= part.load().then(
    (component) => {
      part.component = component;
      version++;
      for (const listener of listeners) listener();
    },
    (error: unknown) => {
      // A failed chunk (offline before it was cached) is tried again by the next view that needs it.
      part.pending = undefined;
      throw error;
    },
  );
  return part.pending;
};

/** Registers a content type's preview and bubble. Another kind for the same type replaces the first. */
export const registerMessageKind = (contentType: string, kind: MessageKind) => {
  if (kinds.get(contentType)?.kind !== kind) kinds.set(contentType, { kind, part: { load: kind.Bubble } });
};

/** Registers the notices of a namespace (the part of a notice's type before the first dot). */
export const registerNoticeKind = (namespace: string, kind: NoticeKind) => {
  if (notices.get(namespace)?.kind === kind) return;
  const parts = new Map(Object.entries(kind.cards ?? {}).map(([type, load]) => [type, { load }]));
  notices.set(namespace, { kind, parts });
};

/** A registered kind's preview; undefined for a type nobody registered. */
export const kindPreview = (contentType: string, content: Content) =>
  kinds.get(contentType)?.kind.preview(content);

/** Whether a registered kind's bubble is drawn bare. */
export const isBareKind = (contentType: string) => kinds.get(contentType)?.kind.bare === true;

/** A registered notice's text in the reader's language; null when no namespace knows the type. */
export const registeredNoticeText = (type: string, content: Content, nameOf?: NameOf) =>
  notices.get(type.split('.')[0] ?? '')?.kind.text(type, content, nameOf) ?? null;

/** Whether a notice of this type is drawn as a registered card. */
export const hasNoticeCard = (type: string) =>
  notices.get(type.split('.')[0] ?? '')?.parts.has(type) === true;

/**
 * Loads every registered bubble and card: the pages that show messages wait for it before their first
 * render, so a transfer never shows an empty bubble while its code arrives.
 */
export const loadMessageKinds = async () => {
  const bubbles = [...kinds.values()].map((k) => loadPart(k.part));
  const cards = [...notices.values()].flatMap((n) => [...n.parts.values()].map(loadPart));
  await Promise.all([...bubbles, ...cards].map((p) => p.catch(() => undefined)));
};

/** The component of a part, loading it (and drawing again) when a view needs it before it arrived. */
const usePart = <P>(part: Part<P> | undefined) => {
  useSyncExternalStore(subscribe, getVersion, getVersion);
  const missing = part !== undefined && part.component === undefined;
  useEffect(() => {
    if (missing && part) void loadPart(part).catch(() => undefined);
  }, [missing, part]);
  return part?.component;
};

/** The bubble of a registered content type; undefined while its code loads or for an unknown type. */
export const useKindBubble = (contentType: string) => usePart(kinds.get(contentType)?.part);

/** The card of a registered notice type; undefined while its code loads or when it has none. */
export const useNoticeCard = (type: string) =>
  usePart(notices.get(type.split('.')[0] ?? '')?.parts.get(type));
