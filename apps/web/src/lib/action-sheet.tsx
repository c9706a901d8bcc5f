import { Popup, SafeArea } from 'antd-mobile';
import type { Action, ActionSheetProps } from 'antd-mobile/es/components/action-sheet';
import { renderImperatively } from 'antd-mobile/es/utils/render-imperatively';
import 'antd-mobile/es/components/action-sheet/action-sheet.css';
import './action-sheet.css';

type SheetProps = Pick<
  ActionSheetProps,
  'visible' | 'actions' | 'extra' | 'cancelText' | 'onAction' | 'onClose' | 'closeOnAction' | 'afterClose'
>;

const itemClass = (action: Action) =>
  [
    'adm-action-sheet-button-item',
    action.danger ? 'adm-action-sheet-button-item-danger' : '',
    action.bold ? 'adm-action-sheet-button-item-bold' : '',
  ]
    .filter(Boolean)
    .join(' ');

/**
 * antd-mobile's action sheet, drawn with real buttons: its own marks each action as a list option outside
 * any list (axe aria-required-parent) and as an anchor without an address, which a keyboard cannot reach.
 * Same classes, so it looks the same.
 */
const Sheet = ({
  visible,
  actions,
  extra,
  cancelText,
  onAction,
  onClose,
  closeOnAction,
  afterClose,
}: SheetProps) => (
  <Popup visible={visible} onMaskClick={onClose} afterClose={afterClose} className="adm-action-sheet-popup">
    <div className="adm-action-sheet">
      {extra ? <div className="adm-action-sheet-extra">{extra}</div> : null}
      <div className="adm-action-sheet-button-list">
        {actions.map((action, index) => (
          <div key={action.key} className="adm-action-sheet-button-item-wrapper">
            <button
              type="button"
              className={itemClass(action)}
              disabled={action.disabled}
              onClick={() => {
                action.onClick?.();
                onAction?.(action, index);
                if (closeOnAction) onClose?.();
              }}
            >
              <div className="adm-action-sheet-button-item-name">{action.text}</div>
              {action.description ? (
                <div className="adm-action-sheet-button-item-description">{action.description}</div>
              ) : null}
            </button>
          </div>
        ))}
      </div>
      {cancelText ? (
        <div className="adm-action-sheet-cancel">
          <div className="adm-action-sheet-button-item-wrapper">
            <button type="button" className="adm-action-sheet-button-item" onClick={onClose}>
              <div className="adm-action-sheet-button-item-name">{cancelText}</div>
            </button>
          </div>
        </div>
      ) : null}
      <SafeArea position="bottom" />
    </div>
  </Popup>
);

/** Shows an action sheet; the handler closes it. */
export const showActionSheet = (props: Omit<SheetProps, 'visible'>) =>
  renderImperatively(<Sheet {...props} />);
