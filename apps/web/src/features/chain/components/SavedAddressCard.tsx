import type { SavedAddress } from '@chatpay/shared';
import { Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { dateTime } from '../../../lib/i18n/time.ts';

/** One saved withdrawal address: label, network, address, when it becomes usable; rename and delete. */
export const SavedAddressCard = ({
  entry,
  onRename,
  onRemove,
}: {
  entry: SavedAddress;
  onRename: (label: string) => Promise<void>;
  onRemove: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const id = `saved-${entry.id}`;
  return (
    <div className="pay-block saved-address" data-testid={id} data-usable={entry.usable}>
      <div className="saved-address-head">
        {editing === null ? (
          <span className="saved-address-label" data-testid={`${id}-label`}>
            {entry.label}
          </span>
        ) : (
          <input
            className="saved-address-input"
            value={editing}
            maxLength={30}
            onChange={(e) => setEditing(e.target.value)}
            aria-label={t('chain.book.label')}
            data-testid={`${id}-label-input`}
          />
        )}
        <Tag color="primary" fill="outline">
          {entry.network}
        </Tag>
      </div>
      <div className="saved-address-text" data-testid={`${id}-address`}>
        {entry.address}
      </div>
      <div className={`saved-address-state${entry.usable ? ' usable' : ''}`} data-testid={`${id}-state`}>
        {entry.usable
          ? t('chain.book.usable')
          : t('chain.book.usableFrom', { time: dateTime(entry.usableFrom, i18n.language) })}
      </div>
      <div className="saved-address-actions">
        {editing === null ? (
          <>
            <Button size="small" onClick={() => setEditing(entry.label)} data-testid={`${id}-rename`}>
              {t('chain.book.rename')}
            </Button>
            <Button
              size="small"
              color="danger"
              fill="outline"
              onClick={onRemove}
              data-testid={`${id}-remove`}
            >
              {t('common.delete')}
            </Button>
          </>
        ) : (
          <>
            <Button
              size="small"
              color="primary"
              disabled={!editing.trim()}
              onClick={async () => {
                await onRename(editing.trim());
                setEditing(null);
              }}
              data-testid={`${id}-save`}
            >
              {t('common.save')}
            </Button>
            <Button size="small" onClick={() => setEditing(null)}>
              {t('common.cancel')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
};
