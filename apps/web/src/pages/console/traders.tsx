import type { TraderStandingItem } from '@chatpay/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { useTraderLift, useTradersPage } from '../../features/console/index.ts';
import {
  Choice,
  type Column,
  ConsoleList,
  ConsolePage,
  formatTime,
  TextField,
} from '../../features/console/ui.ts';
import { confirm } from '../../lib/dialog.tsx';
import { toast, toastError, toastSuccess } from '../../lib/toast.ts';

const shows = ['suspended', 'struck'] as const;

/**
 * Traders with appeal strikes: the suspended ones first by default; support lifts a suspension
 * with a note (the strikes are cleared and the lift is audited).
 */
const TradersPage = () => {
  const { t } = useTranslation();
  const [show, setShow] = useState<(typeof shows)[number]>('suspended');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [note, setNote] = useState('');
  const query = useTradersPage({
    page,
    size: 20,
    ...(show === 'suspended' ? { suspended: true } : {}),
    ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
  });
  const lift = useTraderLift();
  const onLift = async (row: TraderStandingItem) => {
    if (!note.trim()) return void toast(t('console.trader.noteRequired'));
    const sure = await confirm(
      t('console.trader.liftConfirm', { name: row.nickName, strikes: row.strikes }),
      'trader-lift',
      t('common.confirm'),
    );
    if (!sure) return;
    try {
      await lift.mutateAsync({ userId: row.userId, note: note.trim() });
      toastSuccess(t('console.trader.lifted'));
      setNote('');
    } catch (error) {
      toastError(error);
    }
  };
  const columns: Column<TraderStandingItem>[] = [
    {
      key: 'member',
      title: t('console.col.member'),
      render: (r) => <a href={`#/admin/members?id=${r.userId}`}>{`${r.nickName} (${r.username})`}</a>,
    },
    { key: 'strikes', title: t('console.trader.strikes'), render: (r) => r.strikes },
    {
      key: 'state',
      title: t('console.col.status'),
      render: (r) => (r.suspended ? t('console.trader.suspended') : t('console.trader.trading')),
    },
    { key: 'time', title: t('console.trader.changed'), render: (r) => formatTime(r.updateTime) },
    {
      key: 'actions',
      title: t('console.col.actions'),
      render: (r) => (
        <Button
          size="mini"
          color="primary"
          loading={lift.isPending && lift.variables?.userId === r.userId}
          onClick={() => void onLift(r)}
          data-testid={`trader-lift-${r.userId}`}
        >
          {r.suspended ? t('console.trader.lift') : t('console.trader.clear')}
        </Button>
      ),
    },
  ];
  return (
    <ConsolePage
      title={t('console.menu.traders')}
      testId="console-traders"
      filters={
        <>
          <Choice
            title={t('console.service.show')}
            value={show}
            values={shows}
            label={(v) => t(`console.trader.show.${v}`)}
            onChange={(v) => {
              setShow(v);
              setPage(1);
            }}
            testId="traders-show"
          />
          <TextField
            title={t('console.service.search')}
            value={keyword}
            onChange={(v) => {
              setKeyword(v);
              setPage(1);
            }}
            testId="traders-search"
          />
          <TextField
            title={t('console.trader.note')}
            value={note}
            onChange={setNote}
            placeholder={t('console.trader.notePlaceholder')}
            testId="trader-note"
          />
        </>
      }
    >
      <ConsoleList
        query={query}
        columns={columns}
        rowKey={(r) => r.userId}
        testId="traders"
        empty={t('console.trader.empty')}
        page={page}
        onPage={setPage}
      />
    </ConsolePage>
  );
};

export default TradersPage;
