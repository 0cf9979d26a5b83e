import { labelOf, projectStatusLabels } from '@btp/shared/enums';
import { formatPercentTenths } from '@btp/shared/finance';
import { changeVsText, comparedBarPercents, type PaidParty } from '@btp/shared/finance-views';
import { formatEuro } from '@btp/shared/money';
import { ClockCircleOutlined, FallOutlined, RiseOutlined, WalletOutlined } from '@ant-design/icons';
import { Alert, Card, Col, Progress, Row, Statistic, Tabs, Tag } from 'antd';
import type { ReactNode } from 'react';

import { useFinancesSummary } from '../../../api/finances/get-finances-summary';
import { PageBody, PageHeader } from '../../../components/page-header';
import { formatDate } from '../../../lib/format';
import { useIsDesktop } from '../../../lib/use-media-query';
import {
  countedProjectStatuses,
  financeFigures,
  OVERDUE_SHOWN,
  RETENTION_QUOTES_SHOWN,
  type FinanceFigures,
  type RetentionQuote,
} from './finance-figures';
import styles from './finances.module.css';

const REVENUE_COLOUR = '#16a34a';
const EXPENSES_COLOUR = '#dc2626';

interface KpiProps {
  title: string;
  value: string;
  icon: ReactNode;
  note: string;
}

function Kpi({ title, value, icon, note }: KpiProps) {
  return (
    <Card className={styles.card} styles={{ body: { padding: 16 } }} role="group" aria-label={title}>
      <Statistic title={title} value={value} prefix={icon} />
      <span className={styles.note}>{note}</span>
    </Card>
  );
}

function KpiCards({ figures }: { figures: FinanceFigures }) {
  const overdueCount = figures.overdueCount;
  return (
    <Row gutter={[16, 16]} className={styles.row}>
      <Col xs={24} sm={12} xl={6}>
        <Kpi
          title="CA Encaissé HT"
          value={formatEuro(figures.revenueCents)}
          icon={<RiseOutlined />}
          note={changeVsText(figures.revenueChangeTenths, 'mois dernier')}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Kpi
          title="Dépenses HT"
          value={formatEuro(figures.expensesCents)}
          icon={<FallOutlined />}
          note={[changeVsText(figures.expensesChangeTenths, 'mois dernier'), withoutVatNote(figures)]
            .filter(Boolean)
            .join(' · ')}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Kpi
          title="Bénéfice Net"
          value={formatEuro(figures.netProfitCents)}
          icon={<WalletOutlined />}
          note={`Marge : ${formatPercentTenths(figures.marginTenths)}`}
        />
      </Col>
      <Col xs={24} sm={12} xl={6}>
        <Kpi
          title="En Attente TTC"
          value={formatEuro(figures.pendingCents)}
          icon={<ClockCircleOutlined />}
          note={`${overdueCount} facture${overdueCount > 1 ? 's' : ''} en retard`}
        />
      </Col>
    </Row>
  );
}

/**
 * « dont 2 factures sans détail de TVA (comptées TTC) »: the supplier invoices whose HT is not
 * known are in the purchases at their TTC, and the screen says so; nothing when there are none.
 */
export function withoutVatNote(figures: FinanceFigures): string {
  const { count } = figures.expensesWithoutVat;
  if (count === 0) return '';
  return `dont ${count} facture${count > 1 ? 's' : ''} sans détail de TVA (comptée${count > 1 ? 's' : ''} TTC)`;
}

function Empty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

function AmountBar({
  label,
  cents,
  percent,
  colour,
}: {
  label: string;
  cents: number;
  percent: number;
  colour: string;
}) {
  return (
    <div className={styles.bar}>
      <div className={styles.itemHead}>
        <span className={styles.itemTitle}>{label}</span>
        <span className={styles.amount}>{formatEuro(cents)}</span>
      </div>
      <Progress percent={percent} showInfo={false} strokeColor={colour} aria-label={label} />
    </div>
  );
}

function RevenueVsExpenses({ figures }: { figures: FinanceFigures }) {
  return (
    <Card
      title="Revenus vs Dépenses (HT)"
      className={styles.card}
      role="region"
      aria-label="Revenus vs Dépenses (HT)"
    >
      <AmountBar
        label="Revenus HT"
        cents={figures.revenueCents}
        percent={figures.bars.revenue}
        colour={REVENUE_COLOUR}
      />
      <AmountBar
        label="Dépenses HT"
        cents={figures.expensesCents}
        percent={figures.bars.expenses}
        colour={EXPENSES_COLOUR}
      />
      <div className={styles.itemHead}>
        <span className={styles.itemTitle}>Bénéfice Net</span>
        <span className={styles.amount}>{formatEuro(figures.netProfitCents)}</span>
      </div>
    </Card>
  );
}

function OverdueInvoices({ figures }: { figures: FinanceFigures }) {
  const shown = figures.overdue.slice(0, OVERDUE_SHOWN);
  const more = figures.overdueCount - shown.length;
  return (
    <Card title="Factures en retard" className={styles.card} role="region" aria-label="Factures en retard">
      {shown.length === 0 ? (
        <Empty>Aucune facture en retard</Empty>
      ) : (
        <>
          <ul className={styles.list}>
            {shown.map((invoice) => (
              <li key={invoice.id} className={styles.item}>
                <div className={styles.itemHead}>
                  <span className={styles.itemTitle}>{invoice.title}</span>
                  <span className={styles.amount}>{formatEuro(invoice.outstandingCents)} TTC</span>
                </div>
                <span className={styles.secondary}>
                  {[invoice.number, invoice.clientName].filter(Boolean).join(' · ')}
                </span>
                <span className={styles.secondary}>
                  Échéance: {invoice.dueDate ? formatDate(invoice.dueDate) : 'Non définie'}
                </span>
              </li>
            ))}
          </ul>
          {more > 0 && <p className={styles.more}>Et {more} autres factures en retard...</p>}
        </>
      )}
    </Card>
  );
}

/** "3 situations", "1 situation". */
function situationsText(count: number): string {
  return `${count} situation${count > 1 ? 's' : ''}`;
}

/** When a quote's retention may be claimed back. */
function releaseText(quote: RetentionQuote): string {
  if (quote.releasableOn === undefined) return 'Libérable un an après la fin des travaux (non terminés)';
  return `Libérable ${quote.releasable ? 'depuis le' : 'le'} ${formatDate(quote.releasableOn)}`;
}

/**
 * 'Retenues de garantie' (DOCUMENTS.md § 4): what clients still hold on issued situations (never part
 * of 'En attente', which reads the amounts due), what of it may be claimed now (a year after the
 * situation that completed the works), and the quotes concerned, those to claim first.
 */
function Retentions({ figures }: { figures: FinanceFigures }) {
  const retentions = figures.retentions;
  const shown = retentions.quotes.slice(0, RETENTION_QUOTES_SHOWN);
  const more = retentions.quoteCount - shown.length;
  let releasableNote: string;
  if (retentions.releasableCount > 0) {
    releasableNote = `${situationsText(retentions.releasableCount)}, à réclamer à vos clients`;
  } else if (retentions.nextReleasableOn !== undefined) {
    releasableNote = `Aucune pour l'instant, première le ${formatDate(retentions.nextReleasableOn)}`;
  } else {
    releasableNote = "Aucune pour l'instant";
  }
  return (
    <Card
      title="Retenues de garantie"
      className={styles.card}
      role="region"
      aria-label="Retenues de garantie"
    >
      <div className={styles.figures}>
        <div className={styles.item}>
          <div className={styles.itemHead}>
            <span className={styles.itemTitle}>Retenues détenues par vos clients</span>
            <span className={styles.amount}>{formatEuro(retentions.heldCents)} TTC</span>
          </div>
          <span className={styles.secondary}>
            {retentions.heldCount === 0
              ? 'Aucune situation'
              : `${situationsText(retentions.heldCount)}, hors montants en attente`}
          </span>
        </div>
        <div className={styles.item}>
          <div className={styles.itemHead}>
            <span className={styles.itemTitle}>Libérables</span>
            <span className={styles.amount}>{formatEuro(retentions.releasableCents)} TTC</span>
          </div>
          <span className={styles.secondary}>{releasableNote}</span>
        </div>
      </div>
      {shown.length === 0 ? (
        <Empty>Aucune retenue de garantie détenue</Empty>
      ) : (
        <>
          <ul className={styles.list} aria-label="Devis concernés">
            {shown.map((quote) => (
              <li key={quote.key} className={styles.item}>
                <div className={styles.itemHead}>
                  <span className={styles.itemTitle}>{quote.number ?? 'Devis'}</span>
                  <span className={styles.amount}>{formatEuro(quote.cents)} TTC</span>
                </div>
                <span className={styles.secondary}>
                  {quote.clientName}
                  {quote.clientName !== undefined && quote.situationNumbers.length > 0 && ' · '}
                  {quote.situationNumbers.length > 0 &&
                    `Situation${quote.situationNumbers.length > 1 ? 's' : ''} `}
                  {quote.situationNumbers.map((number, index) => (
                    <span key={number} className={styles.nowrap}>
                      {number}
                      {index < quote.situationNumbers.length - 1 ? ', ' : ''}
                    </span>
                  ))}
                </span>
                <span className={styles.secondary}>
                  {quote.releasable && (
                    <Tag color="green" className={styles.tag}>
                      À réclamer
                    </Tag>
                  )}
                  {releaseText(quote)}
                </span>
              </li>
            ))}
          </ul>
          {more > 0 && (
            <p className={styles.more}>
              Et {more} autre{more > 1 ? 's' : ''} devis avec une retenue détenue...
            </p>
          )}
        </>
      )}
    </Card>
  );
}

/**
 * A ranking of clients or suppliers by paid totals, each with a bar relative to the first; `unit`
 * says what the amounts are ("TTC": what clients paid).
 */
function TopParties({
  title,
  parties,
  empty,
  colour,
  unit,
}: {
  title: string;
  parties: PaidParty[];
  empty: string;
  colour: string;
  unit?: string;
}) {
  const largest = parties[0]?.cents ?? 0;
  return (
    <Card title={title} className={styles.card} role="region" aria-label={title}>
      {parties.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <ol className={styles.list}>
          {parties.map((party) => (
            <li key={party.id} className={styles.item}>
              <div className={styles.itemHead}>
                <span className={styles.itemTitle}>{party.name}</span>
                <span className={styles.amount}>
                  {formatEuro(party.cents)}
                  {unit === undefined ? '' : ` ${unit}`}
                </span>
              </div>
              <Progress
                percent={comparedBarPercents(party.cents, largest).a}
                showInfo={false}
                strokeColor={colour}
                aria-label={party.name}
              />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <span className={styles.itemTitle}>{label}</span>
        <span className={styles.amount}>{value}</span>
      </div>
    </li>
  );
}

function RevenueTab({ figures }: { figures: FinanceFigures }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <TopParties
          title="Top 5 Clients"
          parties={figures.topClients}
          empty="Aucun paiement reçu"
          colour={REVENUE_COLOUR}
          unit="HT"
        />
      </Col>
      <Col xs={24} lg={10}>
        <Card title="Encaissements" className={styles.card} role="region" aria-label="Encaissements">
          <ul className={styles.list}>
            <Figure label="CA Encaissé HT" value={formatEuro(figures.revenueCents)} />
            <Figure
              label={`Avoirs émis (${figures.creditNotes.count})`}
              value={`${formatEuro(figures.creditNotes.cents)} HT`}
            />
            <Figure
              label={`En attente (${figures.pendingCount})`}
              value={`${formatEuro(figures.pendingCents)} TTC`}
            />
            <Figure
              label={`En retard (${figures.overdueCount})`}
              value={`${formatEuro(figures.overdueCents)} TTC`}
            />
          </ul>
        </Card>
      </Col>
    </Row>
  );
}

function ExpensesTab({ figures }: { figures: FinanceFigures }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <TopParties
          title="Top 5 Fournisseurs"
          parties={figures.topSuppliers}
          empty="Aucune dépense payée"
          colour={EXPENSES_COLOUR}
        />
      </Col>
      <Col xs={24} lg={10}>
        <Card title="Décaissements" className={styles.card} role="region" aria-label="Décaissements">
          <ul className={styles.list}>
            <Figure label="Dépenses payées HT" value={formatEuro(figures.expensesCents)} />
            {figures.expensesWithoutVat.count > 0 && (
              <Figure
                label={`Dont sans détail de TVA (${figures.expensesWithoutVat.count}), comptées TTC`}
                value={formatEuro(figures.expensesWithoutVat.cents)}
              />
            )}
            <Figure
              label="À payer aux fournisseurs"
              value={`${formatEuro(figures.pendingSupplierCents)} TTC`}
            />
          </ul>
        </Card>
      </Col>
    </Row>
  );
}

function ProjectsTab({ figures }: { figures: FinanceFigures }) {
  return (
    <Card title="Projets par statut" role="region" aria-label="Projets par statut">
      <ul className={styles.list}>
        {countedProjectStatuses.map((status) => (
          <Figure
            key={status}
            label={labelOf(projectStatusLabels, status)}
            value={String(figures.projectCounts[status])}
          />
        ))}
      </ul>
    </Card>
  );
}

interface FinancesPageProps {
  title: string;
  subtitle: string;
}

/**
 * Finances (spec section 2): the four KPI cards and the tabs, every figure computed by the server
 * from all the invoices, supplier invoices and projects (`GET /api/finances/summary`, the finance
 * rules of spec section 9), each amount
 * saying whether it is HT (revenue, credit notes deducted) or TTC (what clients owe and paid); the
 * retenues de garantie of situations are shown apart from what clients owe.
 */
export function FinancesPage({ title, subtitle }: FinancesPageProps) {
  const summary = useFinancesSummary();
  const desktop = useIsDesktop();

  let body: ReactNode;
  if (summary.isError) {
    body = <Alert type="error" showIcon title="Erreur lors du chargement des données financières" />;
  } else if (summary.data === undefined) {
    body = <p>Chargement...</p>;
  } else {
    const figures = financeFigures(summary.data);
    body = (
      <>
        <KpiCards figures={figures} />
        <Tabs
          // The four labels fit side by side at 360 px with narrower gaps (no overflow menu on a phone).
          tabBarGutter={desktop ? undefined : 12}
          items={[
            {
              key: 'overview',
              label: "Vue d'ensemble",
              children: (
                <Row gutter={[16, 16]}>
                  <Col xs={24} lg={12}>
                    <RevenueVsExpenses figures={figures} />
                  </Col>
                  <Col xs={24} lg={12}>
                    <OverdueInvoices figures={figures} />
                  </Col>
                  <Col xs={24}>
                    <Retentions figures={figures} />
                  </Col>
                </Row>
              ),
            },
            { key: 'revenue', label: 'Revenus', children: <RevenueTab figures={figures} /> },
            { key: 'expenses', label: 'Dépenses', children: <ExpensesTab figures={figures} /> },
            { key: 'projects', label: 'Projets', children: <ProjectsTab figures={figures} /> },
          ]}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <PageBody>{body}</PageBody>
    </>
  );
}
