import type { Article, LibraryFamilyNode, Ouvrage } from '@btp/shared/entities/library';
import { resourceTypeLabels } from '@btp/shared/enums';
import { Button, Card, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { useDeleteArticle } from '../../../api/library/article-writes';
import { useArticlesPages } from '../../../api/library/list-articles';
import { useFamilies } from '../../../api/library/list-families';
import { useOuvragesPages } from '../../../api/library/list-ouvrages';
import { useDeleteOuvrage } from '../../../api/library/ouvrage-writes';
import { useConfirmDelete } from '../../../components/action-toasts';
import { costPerUnit } from '../../../components/library-search-input';
import { ListToolbar, NoSearchResult, SEARCH_PARAM } from '../../../components/list-toolbar';
import { PageBody, PageHeader, type PageTitles } from '../../../components/page-header';
import { EmptyCard, QueryList } from '../../../components/query-list';
import { CreateButton } from '../../../components/record-buttons';
import { useIsDesktop } from '../../../lib/use-media-query';
import { ArticleDialog } from './article-dialog';
import { ImportDialog } from './import-dialog';
import { OuvrageDialog } from './ouvrage-dialog';
import styles from './library-page.module.css';

/** The URL's parameters of the screen: the tab, the family chosen (and `?q=`, the search). */
export const VIEW_PARAM = 'vue';
export const FAMILY_PARAM = 'famille';

type View = 'articles' | 'ouvrages';

type DialogState =
  | { kind: 'article'; article?: Article; copyOf?: Partial<Article> }
  | { kind: 'ouvrage'; ouvrage?: Ouvrage; copyOf?: Partial<Ouvrage> }
  | { kind: 'import' }
  | null;

/** « Dupliquer »: the same record as a new one, its name marked as a copy, its code left to type. */
export function copyName(designation: string): string {
  return `${designation} (copie)`;
}

/**
 * The Bibliothèque (issue 28, LIBRARY.md): the company's articles and ouvrages by family, searched
 * as one types (the server's search, page after page: never the whole library at once), created,
 * edited, duplicated and deleted (the server refuses to delete what an ouvrage uses, and its
 * message says which); a supplier's price list imported from the articles' tab.
 */
export function LibraryPage(titles: PageTitles) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: View = searchParams.get(VIEW_PARAM) === 'ouvrages' ? 'ouvrages' : 'articles';
  const family = searchParams.get(FAMILY_PARAM) ?? undefined;
  const q = searchParams.get(SEARCH_PARAM)?.trim() || undefined;
  const articles = useArticlesPages({ q, family }, view === 'articles');
  const ouvrages = useOuvragesPages({ q, family }, view === 'ouvrages');
  const families = useFamilies();
  const [dialog, setDialog] = useState<DialogState>(null);
  const close = () => setDialog(null);

  const confirmDeleteArticle = useConfirmDelete<Article>(useDeleteArticle(), {
    title: "Supprimer l'article",
    content: (article) =>
      `Voulez-vous vraiment supprimer l'article « ${article.designation} » ? Les devis qui l'utilisent gardent leurs prix.`,
    success: 'Article supprimé',
    failure: "Erreur lors de la suppression de l'article",
  });
  const confirmDeleteOuvrage = useConfirmDelete<Ouvrage>(useDeleteOuvrage(), {
    title: "Supprimer l'ouvrage",
    content: (ouvrage) =>
      `Voulez-vous vraiment supprimer l'ouvrage « ${ouvrage.designation} » ? Les devis qui l'utilisent gardent leurs prix.`,
    success: 'Ouvrage supprimé',
    failure: "Erreur lors de la suppression de l'ouvrage",
  });

  const setParam = (name: string, value: string | undefined) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const empty = (what: string, add: () => void, addLabel: string) =>
    q !== undefined ? (
      <NoSearchResult query={q} />
    ) : (
      <EmptyCard
        description={
          <>
            <strong style={{ display: 'block', fontSize: 16 }}>
              {family === undefined ? `Aucun ${what}` : `Aucun ${what} dans la famille « ${family} »`}
            </strong>
            {family === undefined ? 'Commencez par ajouter le premier' : 'Choisissez une autre famille'}
          </>
        }
      >
        <CreateButton onClick={add}>{addLabel}</CreateButton>
      </EmptyCard>
    );

  const newArticle = () => setDialog({ kind: 'article' });
  const newOuvrage = () => setDialog({ kind: 'ouvrage' });

  return (
    <>
      <PageHeader
        {...titles}
        action={
          view === 'articles' ? (
            <CreateButton onClick={newArticle}>Nouvel article</CreateButton>
          ) : (
            <CreateButton onClick={newOuvrage}>Nouvel ouvrage</CreateButton>
          )
        }
      />
      <PageBody>
        <Tabs
          activeKey={view}
          onChange={(key) => setParam(VIEW_PARAM, key === 'ouvrages' ? 'ouvrages' : undefined)}
          items={[
            { key: 'articles', label: 'Articles' },
            { key: 'ouvrages', label: 'Ouvrages' },
          ]}
        />
        <div className={styles.layout}>
          <FamilyTree
            nodes={families.data ?? []}
            selected={family}
            view={view}
            onSelect={(path) => setParam(FAMILY_PARAM, path)}
          />
          <div className={styles.main}>
            <ListToolbar label={view === 'articles' ? 'les articles' : 'les ouvrages'}>
              {view === 'articles' && (
                <Button size="large" onClick={() => setDialog({ kind: 'import' })}>
                  Importer un tarif fournisseur
                </Button>
              )}
            </ListToolbar>
            {view === 'articles' ? (
              <QueryList
                query={articles}
                errorTitle="Erreur lors du chargement des articles"
                empty={empty('article', newArticle, 'Ajouter un article')}
                label="Articles"
                className={styles.grid}
              >
                {(article) => (
                  <ArticleCard
                    article={article}
                    onEdit={() => setDialog({ kind: 'article', article })}
                    onCopy={() =>
                      setDialog({
                        kind: 'article',
                        copyOf: {
                          ...article,
                          designation: copyName(article.designation),
                          reference: undefined,
                        },
                      })
                    }
                    onDelete={() => confirmDeleteArticle(article)}
                  />
                )}
              </QueryList>
            ) : (
              <QueryList
                query={ouvrages}
                errorTitle="Erreur lors du chargement des ouvrages"
                empty={empty('ouvrage', newOuvrage, 'Ajouter un ouvrage')}
                label="Ouvrages"
                className={styles.grid}
              >
                {(ouvrage) => (
                  <OuvrageCard
                    ouvrage={ouvrage}
                    onEdit={() => setDialog({ kind: 'ouvrage', ouvrage })}
                    onCopy={() =>
                      setDialog({
                        kind: 'ouvrage',
                        copyOf: { ...ouvrage, designation: copyName(ouvrage.designation), code: undefined },
                      })
                    }
                    onDelete={() => confirmDeleteOuvrage(ouvrage)}
                  />
                )}
              </QueryList>
            )}
          </div>
        </div>
      </PageBody>
      {dialog?.kind === 'article' && (
        <ArticleDialog article={dialog.article} copyOf={dialog.copyOf} onClose={close} />
      )}
      {dialog?.kind === 'ouvrage' && (
        <OuvrageDialog ouvrage={dialog.ouvrage} copyOf={dialog.copyOf} onClose={close} />
      )}
      {dialog?.kind === 'import' && <ImportDialog onClose={close} />}
    </>
  );
}

/** "2 articles", "1 ouvrage": how many a family holds. */
function countText(count: number, view: View): string {
  const noun = view === 'articles' ? 'article' : 'ouvrage';
  return `${count.toLocaleString('fr-FR')} ${noun}${count > 1 ? 's' : ''}`;
}

interface FamilyTreeProps {
  nodes: readonly LibraryFamilyNode[];
  /** The family path chosen; every family when absent. */
  selected: string | undefined;
  view: View;
  onSelect: (path: string | undefined) => void;
}

/**
 * The families as a tree of buttons (« Toutes les familles », then each family with how many
 * articles or ouvrages it holds); the branch of the family chosen opens. On a phone it folds under
 * « Familles » above the list.
 */
function FamilyTree({ nodes, selected, view, onSelect }: FamilyTreeProps) {
  const desktop = useIsDesktop();
  const count = (node: LibraryFamilyNode) => (view === 'articles' ? node.articles : node.ouvrages);
  const open = (node: LibraryFamilyNode) =>
    selected !== undefined && (selected === node.path || selected.startsWith(`${node.path} › `));
  const branch = (level: readonly LibraryFamilyNode[]) => (
    <ul className={styles.familyList}>
      {level.map((node) => (
        <li key={node.path}>
          <button
            type="button"
            className={styles.family}
            aria-current={selected === node.path ? 'true' : undefined}
            aria-label={`${node.name}, ${countText(count(node), view)}`}
            onClick={() => onSelect(node.path)}
          >
            <span className={styles.familyName}>{node.name}</span>
            <span className={styles.familyCount}>{countText(count(node), view)}</span>
          </button>
          {node.children.length > 0 && open(node) && branch(node.children)}
        </li>
      ))}
    </ul>
  );
  return (
    <nav className={styles.families} aria-label="Familles">
      {/* Open beside the list on a desktop; folded above it on a phone, the list first. */}
      <details key={desktop ? 'desktop' : 'phone'} className={styles.familiesFold} open={desktop}>
        <summary className={styles.familiesTitle}>
          Familles{selected === undefined ? '' : ` : ${selected}`}
        </summary>
        <button
          type="button"
          className={styles.family}
          aria-current={selected === undefined ? 'true' : undefined}
          onClick={() => onSelect(undefined)}
        >
          <span className={styles.familyName}>Toutes les familles</span>
        </button>
        {branch(nodes)}
      </details>
    </nav>
  );
}

interface CardActions {
  onEdit: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

function RecordActions({ name, onEdit, onCopy, onDelete }: CardActions & { name: string }) {
  return (
    <div className={styles.actions}>
      <Button size="large" onClick={onEdit} aria-label={`Modifier ${name}`}>
        Modifier
      </Button>
      <Button size="large" onClick={onCopy} aria-label={`Dupliquer ${name}`}>
        Dupliquer
      </Button>
      <Button size="large" danger onClick={onDelete} aria-label={`Supprimer ${name}`}>
        Supprimer
      </Button>
    </div>
  );
}

function ArticleCard({ article, ...actions }: CardActions & { article: Article }) {
  return (
    <Card styles={{ body: { padding: 16 } }}>
      <article aria-label={`Article ${article.designation}`} className={styles.record}>
        <h2 className={styles.cardTitle}>{article.designation}</h2>
        <span className={styles.cost}>{costPerUnit(article.unitCost, article.unit)}</span>
        <div className={styles.details}>
          <Tag style={{ margin: 0 }}>{resourceTypeLabels[article.resourceType]}</Tag>
          {article.status === 'retired' && (
            <Tag color="orange" style={{ margin: 0 }}>
              Hors catalogue
            </Tag>
          )}
          <dl className={styles.facts}>
            {article.reference !== undefined && <Fact label="Référence">{article.reference}</Fact>}
            {article.supplier !== undefined && <Fact label="Fournisseur">{article.supplier.name}</Fact>}
            {article.family !== undefined && <Fact label="Famille">{article.family}</Fact>}
          </dl>
        </div>
        <RecordActions name={article.designation} {...actions} />
      </article>
    </Card>
  );
}

function OuvrageCard({ ouvrage, ...actions }: CardActions & { ouvrage: Ouvrage }) {
  const count = ouvrage.components.length;
  return (
    <Card styles={{ body: { padding: 16 } }}>
      <article aria-label={`Ouvrage ${ouvrage.designation}`} className={styles.record}>
        <h2 className={styles.cardTitle}>{ouvrage.designation}</h2>
        <span className={styles.cost}>{costPerUnit(ouvrage.unitCost, ouvrage.unit)}</span>
        <div className={styles.details}>
          <dl className={styles.facts}>
            {ouvrage.code !== undefined && <Fact label="Code">{ouvrage.code}</Fact>}
            {ouvrage.family !== undefined && <Fact label="Famille">{ouvrage.family}</Fact>}
            <Fact label="Sous-détail">
              {count} composant{count > 1 ? 's' : ''}
            </Fact>
          </dl>
        </div>
        <RecordActions name={ouvrage.designation} {...actions} />
      </article>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
