import {
  type AdminGoods,
  type GoodsGrantKind,
  type GoodsTexts,
  goodsGrantKinds,
  LOCALES,
  type Locale,
} from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { useGoodsActive, useGoodsAdd, useGoodsPage, useGoodsUpdate } from '../../features/console/index.ts';
import { Choice, type Column, ConsoleList, ConsolePage, TextField } from '../../features/console/ui.ts';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

interface Draft {
  id: number | null;
  name: string;
  description: string;
  names: Record<Locale, string>;
  descriptions: Record<Locale, string>;
  image: string;
  price: string;
  sortOrder: string;
  grantKind: GoodsGrantKind;
  grantDays: string;
}
const noTexts = (): Record<Locale, string> => ({ en: '', zh: '', vn: '', jp: '' });
const blank = (): Draft => ({
  id: null,
  name: '',
  description: '',
  names: noTexts(),
  descriptions: noTexts(),
  image: '',
  price: '',
  sortOrder: '0',
  grantKind: 'none',
  grantDays: '30',
});
const textsOf = (texts: GoodsTexts) => ({ ...noTexts(), ...texts }) as Record<Locale, string>;
const draftOf = (g: AdminGoods): Draft => ({
  id: g.id,
  name: g.name,
  description: g.description,
  names: textsOf(g.names),
  descriptions: textsOf(g.descriptions),
  image: g.image,
  price: g.price,
  sortOrder: String(g.sortOrder),
  grantKind: g.grant.kind,
  grantDays: String(g.grant.days || 30),
});
const PRICE = /^\d{1,10}(\.\d{1,6})?$/;

/**
 * The pay desk's goods: every good in display order, on sale or not; add and edit the
 * name and description in each language, image, price, order and what a purchase grants; put on or off sale.
 */
const GoodsPage = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft>(blank);
  const query = useGoodsPage({ page, size: 20 });
  const add = useGoodsAdd();
  const update = useGoodsUpdate();
  const active = useGoodsActive();
  const grantLabel = (g: AdminGoods['grant']) =>
    g.kind === 'vip' ? t('console.goods.grantVip', { days: g.days }) : t(`console.goods.grant_${g.kind}`);

  const save = async () => {
    const sortOrder = Number(draft.sortOrder);
    const days = Number(draft.grantDays);
    if (!draft.name.trim() || !PRICE.test(draft.price.trim()) || Number(draft.price) <= 0)
      return void toast(t('console.goods.required'));
    if (!Number.isInteger(sortOrder)) return void toast(t('console.goods.required'));
    if (draft.grantKind === 'vip' && !(Number.isInteger(days) && days >= 1 && days <= 3650))
      return void toast(t('console.goods.daysRequired'));
    const fields = {
      name: draft.name.trim(),
      description: draft.description.trim(),
      names: draft.names,
      descriptions: draft.descriptions,
      image: draft.image.trim(),
      price: draft.price.trim(),
      sortOrder,
      grant: { kind: draft.grantKind, days: draft.grantKind === 'vip' ? days : 0 },
    };
    try {
      if (draft.id === null) await add.mutateAsync({ ...fields, active: true });
      else await update.mutateAsync({ id: draft.id, ...fields });
      toastSuccess(t('console.goods.saved'));
      setDraft(blank());
    } catch (error) {
      toastError(error);
    }
  };
  const toggle = async (g: AdminGoods) => {
    try {
      await active.mutateAsync({ id: g.id, active: !g.active });
      toastSuccess(t(g.active ? 'console.goods.disabled' : 'console.goods.enabled'));
    } catch (error) {
      toastError(error);
    }
  };

  const columns: Column<AdminGoods>[] = [
    { key: 'order', title: t('console.goods.sortOrder'), render: (g) => g.sortOrder },
    {
      key: 'name',
      title: t('console.goods.name'),
      render: (g) => (
        <span>
          {g.name}
          {LOCALES.filter((l) => g.names[l]).map((l) => (
            <div key={l} className="c2c-muted" data-testid={`goods-${g.id}-name-${l}`}>
              {t('console.goods.inLang', { lang: t(`languages.${l}`), text: g.names[l] })}
            </div>
          ))}
        </span>
      ),
    },
    { key: 'price', title: t('console.goods.price'), render: (g) => g.price },
    {
      key: 'grant',
      title: t('console.goods.grant'),
      render: (g) => <span data-testid={`goods-${g.id}-grant`}>{grantLabel(g.grant)}</span>,
    },
    {
      key: 'status',
      title: t('console.col.status'),
      render: (g) => (
        <span data-testid={`goods-${g.id}-status`}>
          {t(g.active ? 'console.goods.onSale' : 'console.goods.offSale')}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('console.col.actions'),
      render: (g) => (
        <span className="console-actions">
          <Button size="mini" onClick={() => setDraft(draftOf(g))} data-testid={`goods-edit-${g.id}`}>
            {t('console.goods.edit')}
          </Button>
          <Button
            size="mini"
            color={g.active ? 'danger' : 'primary'}
            fill="outline"
            onClick={() => void toggle(g)}
            data-testid={`goods-toggle-${g.id}`}
          >
            {t(g.active ? 'console.goods.disable' : 'console.goods.enable')}
          </Button>
        </span>
      ),
    },
  ];
  const setText = (field: 'names' | 'descriptions', lang: Locale, value: string) =>
    setDraft({ ...draft, [field]: { ...draft[field], [lang]: value } });
  return (
    <ConsolePage title={t('console.menu.goods')} testId="console-goods">
      <div className="console-panel" data-testid="goods-form">
        <h2>
          {draft.id !== null ? t('console.goods.editing', { name: draft.name }) : t('console.goods.add')}
        </h2>
        <div className="console-filters">
          <TextField
            title={t('console.goods.defaultName')}
            value={draft.name}
            onChange={(name) => setDraft({ ...draft, name })}
            testId="goods-name"
          />
          <TextField
            title={t('console.goods.defaultDescription')}
            value={draft.description}
            onChange={(description) => setDraft({ ...draft, description })}
            testId="goods-description"
          />
          <TextField
            title={t('console.goods.price')}
            value={draft.price}
            placeholder="9.99"
            onChange={(price) => setDraft({ ...draft, price })}
            testId="goods-price"
          />
          <TextField
            title={t('console.goods.sortOrder')}
            type="number"
            value={draft.sortOrder}
            onChange={(sortOrder) => setDraft({ ...draft, sortOrder })}
            testId="goods-order"
          />
          <TextField
            title={t('console.goods.image')}
            value={draft.image}
            placeholder="https://…"
            onChange={(image) => setDraft({ ...draft, image })}
            testId="goods-image"
          />
          <Choice
            title={t('console.goods.grant')}
            value={draft.grantKind}
            values={goodsGrantKinds}
            label={(k) => t(`console.goods.grant_${k}`)}
            onChange={(grantKind) => setDraft({ ...draft, grantKind })}
            testId="goods-grant"
          />
          {draft.grantKind === 'vip' ? (
            <TextField
              title={t('console.goods.days')}
              type="number"
              value={draft.grantDays}
              onChange={(grantDays) => setDraft({ ...draft, grantDays })}
              testId="goods-days"
            />
          ) : null}
        </div>
        <div className="console-filters">
          {LOCALES.map((l) => (
            <TextField
              key={`name-${l}`}
              title={t('console.goods.nameIn', { lang: t(`languages.${l}`) })}
              value={draft.names[l]}
              onChange={(v) => setText('names', l, v)}
              testId={`goods-name-${l}`}
            />
          ))}
        </div>
        <div className="console-filters">
          {LOCALES.map((l) => (
            <TextField
              key={`description-${l}`}
              title={t('console.goods.descriptionIn', { lang: t(`languages.${l}`) })}
              value={draft.descriptions[l]}
              onChange={(v) => setText('descriptions', l, v)}
              testId={`goods-description-${l}`}
            />
          ))}
        </div>
        <div className="c2c-muted">{t('console.goods.fallback')}</div>
        <div className="console-actions">
          <Button
            color="primary"
            loading={add.isPending || update.isPending}
            onClick={() => void save()}
            data-testid="goods-save"
          >
            {t('console.goods.save')}
          </Button>
          {draft.id !== null ? (
            <Button onClick={() => setDraft(blank())} data-testid="goods-cancel">
              {t('common.cancel')}
            </Button>
          ) : null}
        </div>
      </div>
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(g) => g.id}
        testId="goods"
        empty={t('console.goods.empty')}
        page={page}
        onPage={setPage}
      />
    </ConsolePage>
  );
};

export default GoodsPage;
