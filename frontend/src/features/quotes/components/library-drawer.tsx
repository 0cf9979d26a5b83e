import { SearchOutlined } from '@ant-design/icons';
import type { LibrarySearchItem } from '@btp/shared/entities/library';
import { Button, Drawer, Input } from 'antd';
import { useState } from 'react';

import { LIBRARY_SEARCH_MIN_LENGTH, useLibrarySearchPages } from '../../../api/library/search-library';
import { LIBRARY_SEARCH_DEBOUNCE_MS, resultDetails } from '../../../components/library-search-input';
import { QueryList } from '../../../components/query-list';
import { useDebounced } from '../../../lib/use-debounced';
import { useIsDesktop } from '../../../lib/use-media-query';
import styles from './quote-editor.module.css';

/** The results the panel reads a page. */
const PANEL_PAGE = 30;

interface LibraryDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Adds a line made from the result at the end of the devis; answers what the line is called. */
  onInsert: (item: LibrarySearchItem) => string;
}

/**
 * The devis editor's side panel on the library: search as one types, then « Insérer » adds a line
 * per result at the end of the devis (in its last lot); the panel stays open for the next one. Full
 * screen on a phone.
 */
export function LibraryDrawer({ open, onClose, onInsert }: LibraryDrawerProps) {
  const desktop = useIsDesktop();
  const [text, setText] = useState('');
  const q = useDebounced(text, LIBRARY_SEARCH_DEBOUNCE_MS).trim();
  const results = useLibrarySearchPages({ q, limit: PANEL_PAGE });
  const [inserted, setInserted] = useState('');
  const searching = q.length >= LIBRARY_SEARCH_MIN_LENGTH;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Bibliothèque"
      placement="right"
      size={desktop ? 480 : '100%'}
      destroyOnHidden
    >
      <Input
        size="large"
        type="search"
        allowClear
        autoFocus
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Désignation, code, référence, famille…"
        aria-label="Rechercher dans la bibliothèque"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <p className={styles.drawerStatus} role="status">
        {inserted}
      </p>
      {!searching ? (
        <p className={styles.drawerHint}>
          Tapez au moins {LIBRARY_SEARCH_MIN_LENGTH} caractères pour chercher.
        </p>
      ) : (
        <QueryList
          query={results}
          errorTitle="Erreur lors de la recherche dans la bibliothèque"
          empty={<p className={styles.drawerHint}>Aucun résultat pour « {q} »</p>}
          label="Résultats de la bibliothèque"
          className={styles.drawerResults}
        >
          {(item) => (
            <div className={styles.drawerResult}>
              <div className={styles.drawerText}>
                <span className={styles.drawerDesignation}>{item.designation}</span>
                <span className={styles.drawerDetails}>{resultDetails(item)}</span>
              </div>
              <Button
                size="large"
                aria-label={`Insérer ${item.designation}`}
                onClick={() => setInserted(`« ${item.designation} » ajouté : ${onInsert(item)}.`)}
              >
                Insérer
              </Button>
            </div>
          )}
        </QueryList>
      )}
    </Drawer>
  );
}
