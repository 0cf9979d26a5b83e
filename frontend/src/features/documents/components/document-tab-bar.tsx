import { Button } from 'antd';
import { useRef, type KeyboardEvent } from 'react';

import { documentTabLabels, documentTabs, type DocumentTab } from './document-filters';
import styles from './documents.module.css';

interface DocumentTabBarProps {
  value: DocumentTab;
  counts: Record<DocumentTab, number>;
  onChange: (tab: DocumentTab) => void;
}

/**
 * The tabs with their counts. They wrap onto a second line on a phone instead of scrolling sideways,
 * so that every tab stays in reach of a thumb; arrow keys move between them as in any tab list.
 */
export function DocumentTabBar({ value, counts, onChange }: DocumentTabBarProps) {
  const buttons = useRef<(HTMLButtonElement | HTMLAnchorElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + documentTabs.length) % documentTabs.length;
    const tab = documentTabs[next];
    if (tab === undefined) return;
    onChange(tab);
    buttons.current[next]?.focus();
  };

  return (
    <div role="tablist" aria-label="Types de documents" className={styles.tabs}>
      {documentTabs.map((tab, index) => {
        const selected = tab === value;
        return (
          <Button
            key={tab}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            role="tab"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            type={selected ? 'primary' : 'default'}
            shape="round"
            size="large"
            onClick={() => onChange(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {`${documentTabLabels[tab]} (${counts[tab]})`}
          </Button>
        );
      })}
    </div>
  );
}
