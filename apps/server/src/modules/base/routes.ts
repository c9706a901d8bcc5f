import {
  adminContentApi,
  baseApi,
  type DocumentKey,
  documentKeys,
  ErrorCode,
  isPublicParamKey,
  LOCALES,
  type Locale,
} from '@chatpay/shared';
import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { documentParam, isDocumentKey } from './documents.ts';
import { endpointsByModule } from './eps.ts';
import { params } from './tables.ts';
import { builtInDocuments } from './texts/index.ts';

/**
 * Whether `value` is the built-in text of a document in a language. The seed wrote the texts with the
 * APP_NAME of its day, which `appName` keeps; the configured name may have changed since.
 */
const isBuiltIn = (value: string, key: DocumentKey, lang: Locale, names: (string | undefined)[]) =>
  names.some((name) => name && builtInDocuments(name)[lang][key] === value);

export const registerBaseRoutes = (deps: AppDeps) => {
  route(deps, baseApi.param, async ({ key, lang }) => {
    if (!isPublicParamKey(key)) throw new AppError(ErrorCode.ParamNotAllowed);
    if (key === 'adInteractiveUrl') return deps.config.AD_INTERACTIVE_URL ?? null;
    // The reader's language's own text (its built-in translation or what staff saved) wins over the English.
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
        inArray(params.key, [
          'appName',
          ...documentKeys,
          ...documentKeys.flatMap((k) => LOCALES.map((l) => documentParam(k, l))),
        ]),
      );
    const names = [deps.config.APP_NAME, rows.find((r) => r.key === 'appName')?.value];
    return documentKeys.flatMap((key) =>
      LOCALES.map((lang) => {
        const own = rows.find((r) => r.key === documentParam(key, lang));
        // Without a row of its own, a language's readers get the base text: the console shows that one.
        const value = own?.value ?? rows.find((r) => r.key === key)?.value ?? '';
        return {
          key,
          lang,
          value,
          updateTime: own?.updateTime.toISOString() ?? null,
          // Compared with the text rather than flagged by the seed: a text saved back to it counts too.
          builtIn: isBuiltIn(value, key, lang, names),
        };
      }),
    );
  });
  route(deps, adminContentApi.documentSave, async ({ key, lang, value }, ctx) =>
    deps.db.transaction(async (tx) => {
      const name = documentParam(key, lang);
      const builtIn = builtInDocuments(deps.config.APP_NAME)[lang][key];
      const text = value.trim();
      let stored: { value: string; updateTime: Date | null };
      if (!text && lang === 'en') {
        // English's built-in text is the base key's: dropping the row brings it back.
        await tx.delete(params).where(eq(params.key, name));
        const [base] = await tx.select().from(params).where(eq(params.key, key));
        stored = { value: base?.value ?? '', updateTime: null };
      } else {
        // Empty writes the built-in translation back, as the seed writes it into a new install.
        const [row] = await tx
          .insert(params)
          .values({ key: name, value: text || builtIn })
          .onConflictDoUpdate({ target: params.key, set: { value: text || builtIn, updateTime: new Date() } })
          .returning();
        stored = row!;
      }
      await recordAudit(tx, {
        actorId: ctx.user.id,
        action: 'base:document:update',
        reason: `${name}: ${text ? `${text.length} characters` : 'built-in text restored'}`,
      });
      const [seeded] = await tx.select().from(params).where(eq(params.key, 'appName'));
      return {
        key,
        lang,
        value: stored.value,
        updateTime: stored.updateTime?.toISOString() ?? null,
        builtIn: isBuiltIn(stored.value, key, lang, [deps.config.APP_NAME, seeded?.value]),
      };
    }),
  );

  // Read at request time: by then every module has registered its routes.
  route(deps, baseApi.eps, () => endpointsByModule(deps.app));
};
