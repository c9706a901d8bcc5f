import { LeftOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { back as goBack } from '../lib/router/navigate.ts';

interface PageProps {
  title: string;
  /** Shows the back button (docs/product.md#navigation: root if only one page is open, otherwise back). */
  back?: boolean;
  right?: ReactNode;
  children: ReactNode;
  /** Extra class on the scrolling body. */
  bodyClassName?: string;
  /** Hides the navigation bar (pages with their own header). */
  bare?: boolean;
}

/** A screen: white navigation bar with a black title and a back button, over the grey page body. */
export const Page = ({ title, back = true, right, children, bodyClassName, bare }: PageProps) => {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <div className="page">
      {!bare && (
        // antd-mobile's NavBar markup and classes, as a banner with the title as the page's heading; its own
        // component marks the left slot role="button", which nests our back button (axe nested-interactive).
        <header className="adm-nav-bar nav-bar">
          <div className="adm-nav-bar-left">
            {back ? (
              <button
                type="button"
                className="nav-back"
                data-testid="nav-back"
                aria-label={t('common.back')}
                onClick={goBack}
              >
                <LeftOutline />
              </button>
            ) : null}
          </div>
          <h1 className="adm-nav-bar-title">{title}</h1>
          <div className="adm-nav-bar-right">{right}</div>
        </header>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the body scrolls, and a page with nothing focusable (a document, About) could not be scrolled by keyboard otherwise (WCAG 2.1.1; axe scrollable-region-focusable) */}
      <main className={`page-body${bodyClassName ? ` ${bodyClassName}` : ''}`} tabIndex={0}>
        {children}
      </main>
    </div>
  );
};
