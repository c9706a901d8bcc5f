import {
  adminContentApi,
  baseApi,
  type DocumentKey,
  documentKeys,
  ErrorCode,
  isPublicParamKey,
  LOCALES,
} from '@chatpay/shared';
import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { endpointsByModule } from './eps.ts';
import { params } from './tables.ts';

const isDocumentKey = (key: string): key is DocumentKey => (documentKeys as readonly string[]).includes(key);
/** The params row of a document's text in one language (`userAgreement.zh`). */
const documentParam = (key: DocumentKey, lang: string) => `${key}.${lang}`;

export const registerBaseRoutes = (deps: AppDeps) => {
  route(deps, baseApi.param, async ({ key, lang }) => {
    if (!isPublicParamKey(key)) throw new AppError(ErrorCode.ParamNotAllowed);
    if (key === 'adInteractiveUrl') return deps.config.AD_INTERACTIVE_URL ?? null;
    // A document staff wrote in the reader's language wins over the default text.
    const keys = lang && isDocumentKey(key) ? [documentParam(key, lang), key] : [key];
    const rows = await deps.db
      .select({ key: params.key, value: params.value })
      .from(params)
      .where(inArray(params.key, keys));
    for (const k of keys) {
      const row = rows.find((r) => r.key === k);
      if (row) return row.value;
    }
    return null;
  });
  route(deps, adminContentApi.documents, async () => {
    const rows = await deps.db
      .select()
      .from(params)
      .where(
        inArray(
          params.key,
          documentKeys.flatMap((k) => LOCALES.map((l) => documentParam(k, l))),
        ),
      );
    return documentKeys.flatMap((key) =>
      LOCALES.map((lang) => {
        const row = rows.find((r) => r.key === documentParam(key, lang));
        return { key, lang, value: row?.value ?? '', updateTime: row?.updateTime.toISOString() ?? null };
      }),
    );
  });
  route(deps, adminContentApi.documentSave, async ({ key, lang, value }, ctx) =>
    deps.db.transaction(async (tx) => {
      const name = documentParam(key, lang);
      const text = value.trim();
      let updateTime: Date | null = null;
      if (text) {
        const [row] = await tx
          .insert(params)
          .values({ key: name, value: text })
          .onConflictDoUpdate({ target: params.key, set: { value: text, updateTime: new Date() } })
          .returning();
        updateTime = row!.updateTime;
      } else {
        await tx.delete(params).where(eq(params.key, name));
      }
      await recordAudit(tx, {
        actorId: ctx.user.id,
        action: 'base:document:update',
        reason: `${name}: ${text ? `${text.length} characters` : 'removed'}`,
      });
      return { key, lang, value: text, updateTime: updateTime?.toISOString() ?? null };
    }),
  );

  // Read at request time: by then every module has registered its routes.
  route(deps, baseApi.eps, () => endpointsByModule(deps.app));
};
