import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import {
  useDictAdd,
  useDictDelete,
  useDictPage,
  useDictTypes,
  useDictUpdate,
} from '../../features/console/index.ts';
import { Choice, type Column, ConsoleList, ConsolePage, TextField } from '../../features/console/ui.ts';
import { confirm } from '../../lib/dialog.tsx';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

interface Draft {
  id: number | null;
  name: string;
  value: string;
  orderNum: string;
  remark: string;
}
const blank: Draft = { id: null, name: '', value: '', orderNum: '0', remark: '' };

/**
 * Dictionary entries (docs/product.md#dictionary): grouped by type, highest orderNum first; add, edit,
 * delete.
 */
const DictionaryPage = () => {
  const { t } = useTranslation();
  const types = useDictTypes();
  const [typeId, setTypeId] = useState('all');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState<Draft>(blank);
  const query = useDictPage({
    page,
    size: 20,
    ...(typeId === 'all' ? {} : { typeId: Number(typeId) }),
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
  });
  const add = useDictAdd();
  const update = useDictUpdate();
  const remove = useDictDelete();
  type Row = NonNullable<typeof query.data>['list'][number];
  const typeValues = ['all', ...(types.data ?? []).map((x) => String(x.id))];
  const typeName = (id: string) =>
    id === 'all' ? t('console.all') : (types.data?.find((x) => String(x.id) === id)?.name ?? id);

  const save = async () => {
    const orderNum = Number(draft.orderNum);
    if (!draft.name.trim() || !draft.value.trim() || !Number.isInteger(orderNum))
      return void toast(t('console.dict.required'));
    const fields = { name: draft.name, value: draft.value, orderNum, remark: draft.remark };
    try {
      if (draft.id === null) {
        if (typeId === 'all') return void toast(t('console.dict.pickType'));
        await add.mutateAsync({ typeId: Number(typeId), ...fields });
      } else {
        await update.mutateAsync({ id: draft.id, ...fields });
      }
      toastSuccess(t('console.dict.saved'));
      setDraft(blank);
    } catch (error) {
      toastError(error);
    }
  };
  const onDelete = async (row: Row) => {
    if (
      !(await confirm(
        t('console.dict.deleteConfirm', { name: row.name }),
        'dict-delete',
        t('common.confirm'),
        true,
      ))
    )
      return;
    try {
      await remove.mutateAsync({ ids: [row.id] });
      toastSuccess(t('console.dict.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  const columns: Column<Row>[] = [
    { key: 'type', title: t('console.dict.type'), render: (r) => r.type },
    { key: 'name', title: t('console.dict.name'), render: (r) => r.name },
    { key: 'value', title: t('console.dict.value'), render: (r) => r.value ?? '—' },
    { key: 'order', title: t('console.dict.orderNum'), render: (r) => r.orderNum },
    { key: 'remark', title: t('console.dict.remark'), render: (r) => r.remark || '—' },
    {
      key: 'actions',
      title: t('console.col.actions'),
      render: (r) => (
        <span className="console-actions">
          <Button
            size="mini"
            onClick={() =>
              setDraft({
                id: r.id,
                name: r.name,
                value: r.value ?? '',
                orderNum: String(r.orderNum),
                remark: r.remark,
              })
            }
            data-testid={`dict-edit-${r.id}`}
          >
            {t('console.dict.edit')}
          </Button>
          <Button
            size="mini"
            color="danger"
            fill="outline"
            onClick={() => void onDelete(r)}
            data-testid={`dict-delete-${r.id}`}
          >
            {t('console.dict.delete')}
          </Button>
        </span>
      ),
    },
  ];
  return (
    <ConsolePage
      title={t('console.menu.dictionary')}
      testId="console-dictionary"
      filters={
        <>
          <Choice
            title={t('console.dict.type')}
            value={typeId}
            values={typeValues}
            label={typeName}
            onChange={(v) => {
              setTypeId(v);
              setPage(1);
            }}
            testId="dict-type"
          />
          <TextField
            title={t('console.member.search')}
            value={keyword}
            onChange={(v) => {
              setKeyword(v);
              setPage(1);
            }}
            testId="dict-keyword"
          />
        </>
      }
    >
      <div className="console-panel" data-testid="dict-form">
        <h2>
          {draft.id !== null
            ? t('console.dict.editing')
            : typeId === 'all'
              ? t('console.dict.pickType')
              : t('console.dict.add', { type: typeName(typeId) })}
        </h2>
        <div className="console-filters">
          <TextField
            title={t('console.dict.name')}
            value={draft.name}
            onChange={(name) => setDraft({ ...draft, name })}
            testId="dict-name"
          />
          <TextField
            title={t('console.dict.value')}
            value={draft.value}
            onChange={(value) => setDraft({ ...draft, value })}
            testId="dict-value"
          />
          <TextField
            title={t('console.dict.orderNum')}
            type="number"
            value={draft.orderNum}
            onChange={(orderNum) => setDraft({ ...draft, orderNum })}
            testId="dict-order"
          />
          <TextField
            title={t('console.dict.remark')}
            value={draft.remark}
            onChange={(remark) => setDraft({ ...draft, remark })}
            testId="dict-remark"
          />
        </div>
        <div className="console-actions">
          <Button
            color="primary"
            loading={add.isPending || update.isPending}
            onClick={() => void save()}
            data-testid="dict-save"
          >
            {t('console.dict.save')}
          </Button>
          {draft.id !== null ? (
            <Button onClick={() => setDraft(blank)} data-testid="dict-cancel">
              {t('common.cancel')}
            </Button>
          ) : null}
        </div>
      </div>
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(r) => r.id}
        testId="dict"
        empty={t('console.dict.empty')}
        page={page}
        onPage={setPage}
      />
    </ConsolePage>
  );
};

export default DictionaryPage;
